package atlas

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
)

// ErrForeignTable is ReadCSV's error for a file whose header is not Header.
var ErrForeignTable = errors.New("not an atlas table (its header differs)")

// ReadCSV reads a table written by a CSVWriter. A file that does not exist,
// or is empty, holds no rows.
func ReadCSV(path string) ([]Row, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s is not a table the atlas wrote (line %d is not CSV); move it away or give another --out", path, pe.Line)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, nil
	}
	if !slices.Equal(recs[0], Header) {
		return nil, fmt.Errorf("%s is %w", path, ErrForeignTable)
	}
	var rows []Row
	for k, rec := range recs[1:] {
		r, err := ParseRecord(rec)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, k+2, err)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// CSVWriter appends rows to the table, each flushed to the file at once so
// that an interrupted atlas keeps every finished run.
type CSVWriter struct {
	path string
	f    *os.File
	w    *csv.Writer
}

// OpenCSV starts the table at path afresh (with its header), or appends to it
// when appendTo is set (resuming a table that ReadCSV read).
func OpenCSV(path string, appendTo bool) (*CSVWriter, error) {
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, err
	}
	w := &CSVWriter{path: path, f: f, w: csv.NewWriter(f)}
	if !appendTo {
		if err := w.write(Header); err != nil {
			f.Close()
			return nil, err
		}
	}
	return w, nil
}

// Write appends one row.
func (w *CSVWriter) Write(r Row) error { return w.write(r.Record()) }

func (w *CSVWriter) write(rec []string) error {
	if err := w.w.Write(rec); err != nil {
		return fmt.Errorf("%s: %w", w.path, err)
	}
	w.w.Flush()
	if err := w.w.Error(); err != nil {
		return fmt.Errorf("%s: %w", w.path, err)
	}
	return nil
}

// Close closes the file.
func (w *CSVWriter) Close() error {
	if err := w.f.Close(); err != nil {
		return fmt.Errorf("%s: %w", w.path, err)
	}
	return nil
}
