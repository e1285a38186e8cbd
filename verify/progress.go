package verify

import "time"

// Ticker calls f every interval from one goroutine until the returned
// function is called; that function returns once f has stopped, so f never
// runs after it. Progress displays of every search use it.
func Ticker(interval time.Duration, f func()) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				f()
			}
		}
	}()
	return func() { close(done); <-finished }
}

// startProgress calls Options.Progress every 200 ms from one goroutine until
// the returned function is called.
func (e *engine) startProgress() func() {
	if e.opt.Progress == nil {
		return func() {}
	}
	return Ticker(200*time.Millisecond, func() {
		e.opt.Progress(Progress{
			Layer:     int(e.layer.Load()),
			MaxLayer:  e.b.Cells(),
			Positions: e.positions.Load(),
			Frontier:  e.frontier.Load(),
			Done:      e.doneInLay.Load(),
			Elapsed:   time.Since(e.start),
		})
	})
}
