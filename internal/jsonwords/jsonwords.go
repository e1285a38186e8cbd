// Package jsonwords words the errors of encoding/json for the user of a
// file: where the file stops being JSON, or which field has the wrong kind
// of value, without the Go type names the decoder reports.
package jsonwords

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Describe says what is wrong with a JSON document that failed to decode
// into what (a noun for the user, e.g. "a certificate file").
func Describe(err error, what string) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn) && syn.Error() == "unexpected end of JSON input",
		err != nil && err.Error() == "unexpected end of JSON input":
		return "not JSON (the file ends too early)"
	case errors.As(err, &syn):
		return fmt.Sprintf("not JSON (it stops being JSON at byte %d)", syn.Offset)
	case errors.As(err, &typ) && typ.Field != "":
		return fmt.Sprintf("not %s: field %q holds a JSON %s", what, typ.Field, typ.Value)
	case errors.As(err, &typ):
		return fmt.Sprintf("not %s: the document is a JSON %s, not an object", what, typ.Value)
	}
	return fmt.Sprintf("not %s (%s)", what, strings.TrimPrefix(err.Error(), "json: "))
}
