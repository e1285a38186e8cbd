package jsonwords

import (
	"encoding/json"
	"strings"
	"testing"
)

type file struct {
	Format string     `json:"format"`
	Rows   [][]string `json:"rows"`
}

// TestDescribe: each kind of decoding error is worded without Go type names.
func TestDescribe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`[1]`, "the document is a JSON array, not an object"},
		{`{"format": 3}`, `field "format" holds a JSON number`},
		{`{"rows": [[1]]}`, `field "rows" holds a JSON number`},
		{`{"format": `, "the file ends too early"},
		{`{"format" "x"}`, "not JSON (it stops being JSON at byte 11)"},
		{"\ufeff{}", "not JSON (it stops being JSON at byte 1)"},
	} {
		var f file
		err := json.Unmarshal([]byte(c.in), &f)
		got := Describe(err, "a test file")
		if !strings.Contains(got, c.want) || strings.Contains(got, "Go value") || strings.Contains(got, "jsonwords.") ||
			strings.Contains(got, "invalid character") || strings.Contains(got, "json:") {
			t.Errorf("%s: %q, want it to say %q", c.in, got, c.want)
		}
	}
}
