package solve

import (
	"context"
	"encoding/json"
	"fmt"

	"hexproof/board"
	"hexproof/tt"
)

// factsKind names a store of solved positions in its description, so that
// a verify run's database is never read as one.
const factsKind = "solved positions"

// factsMeta is the description of a store of solved positions: the board
// its positions are of.
type factsMeta struct {
	Kind     string `json:"kind"`
	Board    string `json:"board"`
	Geometry string `json:"geometry"`
}

// NothingToResumeError: resume was asked of a directory with no store.
type NothingToResumeError struct{ Dir string }

func (e *NothingToResumeError) Error() string {
	return fmt.Sprintf("nothing to resume in %s (no database of solved positions there)", e.Dir)
}

// OtherFactsError: the store in Dir holds something else than the solved
// positions of the board asked for (Holds says what).
type OtherFactsError struct{ Dir, Holds, Want string }

func (e *OtherFactsError) Error() string {
	return fmt.Sprintf("database %s holds %s, not the solved positions of the %s", e.Dir, e.Holds, e.Want)
}

// OpenFacts opens the store of solved positions of board b in dir
// (Options.Facts; docs/decisions/solve.md K14). With resume the store must
// be there and be of b; without, a store already in dir is replaced by an
// empty one (a directory that is not a hexproof database is refused, never
// emptied: tt.OpenBadgerFresh).
func OpenFacts(dir string, b *board.Board, resume bool) (*tt.Facts, error) {
	return openFactsMode(dir, b, resume, false)
}

// openFactsMode is OpenFacts; with readOnly (and resume) the store is opened to
// be read only, which other readers may do at the same time.
func openFactsMode(dir string, b *board.Board, resume, readOnly bool) (*tt.Facts, error) {
	want := factsMeta{Kind: factsKind, Board: fmt.Sprintf("%dx%d", b.M, b.N), Geometry: b.Geo.String()}
	wantText := fmt.Sprintf("%s %s", want.Board, want.Geometry)
	if !resume {
		s, err := tt.OpenBadgerFresh(dir)
		if err != nil {
			return nil, err
		}
		raw, _ := json.Marshal(want)
		if err := s.SaveMeta(raw); err != nil {
			_ = s.Close()
			return nil, err
		}
		return tt.NewFacts(s), nil
	}
	ok, err := tt.HasStore(dir)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &NothingToResumeError{Dir: dir}
	}
	open := tt.OpenBadger
	if readOnly {
		open = tt.OpenBadgerReadOnly
	}
	s, err := open(dir)
	if err != nil {
		return nil, err
	}
	raw, err := s.LoadMeta()
	var got factsMeta
	switch {
	case err != nil:
	case raw == nil:
		err = &OtherFactsError{Dir: dir, Holds: "no description of its content", Want: wantText}
	case json.Unmarshal(raw, &got) != nil || got.Kind != factsKind:
		err = &OtherFactsError{Dir: dir, Holds: "a verify run", Want: wantText}
	}
	if err == nil && got != want {
		err = &OtherFactsError{Dir: dir, Holds: fmt.Sprintf("the solved positions of the %s %s", got.Board, got.Geometry), Want: wantText}
	}
	if err != nil {
		_ = s.Close()
		return nil, err
	}
	return tt.NewFacts(s), nil
}

// TakeFacts adds to dst the solved positions and band games' answers of
// the store in dir, which must be a store of solved positions of board b
// (the same check as a resume's), and closes that store again
// (docs/decisions/solve.md K29). It says how many of each were new to dst.
// The store in dir is only read, so several solves may take from it at once.
// When ctx is done the take stops early with its error, and dst holds a
// sound part of it (tt.Facts.Take).
func TakeFacts(ctx context.Context, dst *tt.Facts, dir string, b *board.Board) (facts, bands int64, err error) {
	src, err := openFactsMode(dir, b, true, true)
	if err != nil {
		return 0, 0, err
	}
	facts, bands, err = dst.Take(ctx, src)
	if cerr := src.Store().Close(); err == nil {
		err = cerr
	}
	return facts, bands, err
}

// CheckFacts says whether dir holds a store of solved positions of board b
// (the errors of OpenFacts with resume), opening it and closing it again.
func CheckFacts(dir string, b *board.Board) error {
	s, err := openFactsMode(dir, b, true, true)
	if err != nil {
		return err
	}
	return s.Store().Close()
}
