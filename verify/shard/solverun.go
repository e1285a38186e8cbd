package shard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"hexproof/board"
	"hexproof/internal/procmem"
	"hexproof/strategies"
	"hexproof/verify"
	"hexproof/verify/game"
	"hexproof/verify/solve"
)

// ErrSetUpCertificate refuses a certificate piece for a plan of a position
// set up: a certificate's games start from the empty board, and no game
// need lead to such a position.
var ErrSetUpCertificate = errors.New("the plan splits a position set up, which no game from the empty board need reach; a certificate piece starts from the empty board: leave out --certificate")

// SolveShardOptions are a shard's solver options and whether it writes a
// certificate.
type SolveShardOptions struct {
	Solver solve.Options
	// Certificate: when the opening is solved, write the winner's strategy
	// from it (compact format) to dir/certificate-I.json.
	Certificate bool
	// Progress, if set, receives the solver once it exists (for a display).
	Progress func(*solve.Solver)
}

// RunSolveShard solves shard i of the split solve in dir: who wins its
// opening's position (the winner only; the merge computes the winning
// moves of the first plies). The result says inconclusive when the search
// stopped (ctx, a node budget) or its numbers saturated, or when the
// certificate did not fit or was stopped. The caller writes it
// (WriteSolveResult). Errors are bad input: the shard file, the board.
func RunSolveShard(ctx context.Context, dir string, i int, opt SolveShardOptions) (*SolveResultFile, error) {
	sf, b, starter, err := ReadSolveShard(dir, i)
	if err != nil {
		return nil, err
	}
	if pf, err := ReadSolvePlan(dir); err == nil && pf.ID != sf.Plan {
		return nil, fmt.Errorf("%s belongs to plan %s, not to %s's plan %s", ShardName(i), sf.Plan, dir, pf.ID)
	}
	if opt.Certificate && sf.ToMove != "" {
		return nil, ErrSetUpCertificate
	}
	p, moves, err := sf.Opening(b, starter)
	if err != nil {
		return nil, &FileError{filepath.Join(dir, ShardName(i)), err.Error()}
	}
	s, err := solve.NewSolver(ctx, b, opt.Solver)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if opt.Progress != nil {
		opt.Progress(s)
	}
	mover := p.ToMove(starter)
	rf := &SolveResultFile{Format: Format, Kind: SolveKind, Plan: sf.Plan, Index: i, ToMove: mover.String()}
	// The runs of this shard that stopped before this one (a damaged or
	// foreign result is not this shard's: it is replaced, not counted).
	if prev, err := ReadSolveResult(dir, i); err == nil && prev != nil && prev.Verdict == "inconclusive" &&
		prev.Format == Format && prev.Kind == SolveKind && prev.Plan == sf.Plan && prev.Index == i {
		rf.EarlierParts = prev.EarlierParts + 1
		rf.EarlierPositions = prev.EarlierPositions + prev.Positions
		rf.EarlierElapsedSeconds = prev.EarlierElapsedSeconds + prev.ElapsedSeconds
	}
	start := time.Now()
	w, err := s.Winner(p, mover)
	switch {
	case errors.Is(err, solve.ErrStopped):
		rf.Verdict, rf.Detail = "inconclusive", "stopped before the answer: "+verify.StopWords(ctx.Err())
	case errors.Is(err, solve.ErrUndecided):
		rf.Verdict, rf.Detail = "inconclusive", "not solved: the search's proof numbers saturated before an answer"
	case err != nil:
		return nil, err
	default:
		rf.Verdict, rf.Winner = "solved", w.String()
		if w == board.Empty {
			rf.Winner = "draw"
		}
	}
	if rf.Verdict == "solved" && opt.Certificate && w != board.Empty {
		c, err := s.PieceCertificate(starter, w, moves, true)
		switch {
		case errors.Is(err, solve.ErrMemory):
			rf.Verdict, rf.Winner, rf.Detail = "inconclusive", "", "solved, but the certificate did not fit in the memory budget"
		case errors.Is(err, solve.ErrStopped):
			rf.Verdict, rf.Winner, rf.Detail = "inconclusive", "", "solved, but stopped while writing the certificate: "+verify.StopWords(ctx.Err())
		case err != nil:
			return nil, err
		default:
			raw, err := json.Marshal(c.File())
			if err != nil {
				return nil, err
			}
			raw = append(raw, '\n')
			path := filepath.Join(dir, CertificateName(i))
			if err := os.WriteFile(path+".tmp", raw, 0o644); err != nil {
				return nil, err
			}
			if err := os.Rename(path+".tmp", path); err != nil {
				return nil, err
			}
			rf.Certificate, rf.Answers = CertificateName(i), c.Len()
			if rf.CertificateSHA256, err = FileSHA256(path); err != nil {
				return nil, err
			}
		}
	}
	rf.Positions, rf.ElapsedSeconds = s.Nodes(), time.Since(start).Seconds()
	rf.DBAnswers, rf.DBBandAnswers = s.FromFacts, s.BandFromFacts
	rf.MemoryBudgetBytes, rf.PeakRSSBytes = opt.Solver.TableBytes, procmem.PeakRSS()
	return rf, nil
}

// CheckPieceShard verifies shard i's certificate, with the ordinary engine
// and no knowledge, on every game that begins with the shard's opening: the
// certificate must win all of them for its side. The start prefix is the
// opening, followed by the certificate's answer (the least allowed cell)
// when its side moves next, since verify starts with the opponent to move;
// an answer that wins at once is checked by the board itself. The caller
// writes the check (WritePieceCheck). opt gives the jobs, store, budgets
// and progress; the strategy, starter, choices and start come from the piece.
func CheckPieceShard(ctx context.Context, dir string, i int, opt verify.Options) (*PieceCheckFile, error) {
	sf, b, starter, err := ReadSolveShard(dir, i)
	if err != nil {
		return nil, err
	}
	if sf.ToMove != "" {
		return nil, ErrSetUpCertificate
	}
	rf, err := ReadSolveResult(dir, i)
	switch {
	case err != nil:
		return nil, err
	case rf == nil || rf.Plan != sf.Plan || rf.Index != i:
		return nil, &FileError{filepath.Join(dir, ResultName(i)), fmt.Sprintf("no result of this shard: run 'hexproof solve --shard %s/%d --certificate' first", dir, i)}
	case rf.Certificate == "":
		return nil, &FileError{filepath.Join(dir, ResultName(i)), "its shard wrote no certificate (solve --shard … --certificate)"}
	}
	path := filepath.Join(dir, CertificateName(i))
	sum, err := FileSHA256(path)
	if err != nil {
		return nil, err
	}
	cert, err := strategies.LoadCertificate(path, b)
	if err != nil {
		return nil, &FileError{path, err.Error()}
	}
	if cert.Starter() != starter {
		return nil, &FileError{path, fmt.Sprintf("its games have %s starting, the plan's %s", cert.Starter(), starter)}
	}
	p, moves, err := sf.Opening(b, starter)
	if err != nil {
		return nil, &FileError{filepath.Join(dir, ShardName(i)), err.Error()}
	}
	side := cert.Side()
	cf := &PieceCheckFile{Format: Format, Kind: SolveKind, Plan: sf.Plan, Index: i, Certificate: CertificateName(i),
		CertificateSHA256: sum, Side: side.String()}
	start := time.Now()
	if p.ToMove(starter) == side {
		last := moves[len(moves)-1].Cell
		allowed, rule := cert.Allowed(p, last)
		if !allowed.Any() {
			cf.Prefix, cf.Verdict = movesOut(b, moves), string(verify.StrategyError)
			cf.Detail = fmt.Sprintf("the certificate has no answer after the opening (%s)", rule)
			return cf, nil
		}
		a := allowed.Cells()[0]
		moves = append(moves, board.Move{Player: side, Cell: a, Rule: rule})
		if _, o := game.GameRules(b).Place(p, side, a); o != game.Going {
			cf.Prefix = movesOut(b, moves)
			if o == game.Won {
				cf.Verdict, cf.Detail = string(verify.Optimal), "the certificate's answer after the opening wins at once"
			} else {
				cf.Verdict, cf.Detail = string(verify.Refuted), "the certificate's answer after the opening draws"
			}
			cf.ElapsedSeconds = time.Since(start).Seconds()
			return cf, nil
		}
	}
	cf.Prefix = movesOut(b, moves)
	opt.Strategy, opt.Name, opt.Starter, opt.Choices = cert, "certificate:"+path, starter, verify.Every
	opt.Starts = []board.Game{{Board: b, Starter: starter, Moves: moves}}
	res, err := verify.Run(ctx, opt)
	if err != nil {
		return nil, err
	}
	cf.Verdict, cf.Positions, cf.LongestGame, cf.Detail = string(res.Verdict), res.Positions, res.LongestGame, res.Detail
	cf.ElapsedSeconds = time.Since(start).Seconds()
	return cf, nil
}
