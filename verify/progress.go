package verify

import "time"

// startProgress calls Options.Progress every 200 ms from one goroutine until
// the returned function is called.
func (e *engine) startProgress() func() {
	if e.opt.Progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				e.opt.Progress(Progress{
					Layer:     int(e.layer.Load()),
					MaxLayer:  e.b.Cells(),
					Positions: e.positions.Load(),
					Frontier:  e.frontier.Load(),
					Done:      e.doneInLay.Load(),
					Elapsed:   time.Since(e.start),
				})
			}
		}
	}()
	return func() { close(done); <-finished }
}
