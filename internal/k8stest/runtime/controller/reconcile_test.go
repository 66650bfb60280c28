package controller_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

// TestResultMirrorsReconcile checks that the model's Result has the fields of
// controller-runtime's reconcile.Result, in order, with the same types.
func TestResultMirrorsReconcile(t *testing.T) {
	fields := func(rt reflect.Type) []string {
		var out []string
		for f := range rt.Fields() {
			out = append(out, f.Name+" "+f.Type.String())
		}
		return out
	}
	model, real := fields(reflect.TypeFor[controller.Result]()), fields(reflect.TypeFor[reconcile.Result]())
	if len(real) == 0 || !reflect.DeepEqual(model, real) {
		t.Errorf("Result fields: model %v, reconcile.Result %v", model, real)
	}
}

// TestTerminalErrorMirrorsReconcile builds the same error chains with the
// model's TerminalError and with reconcile.TerminalError and compares whether
// errors.Is finds a terminal error in them and their texts.
func TestTerminalErrorMirrorsReconcile(t *testing.T) {
	type term = func(error) error
	chains := map[string]func(term, error) error{
		"plain":      func(_ term, base error) error { return base },
		"terminal":   func(terminal term, base error) error { return terminal(base) },
		"nil inside": func(terminal term, base error) error { return terminal(nil) },
		"wrapped":    func(terminal term, base error) error { return fmt.Errorf("a: %w", terminal(base)) },
		"twice":      func(terminal term, base error) error { return terminal(fmt.Errorf("b: %w", terminal(base))) },
		"joined":     func(terminal term, base error) error { return errors.Join(base, terminal(base)) },
		"not %w":     func(terminal term, base error) error { return fmt.Errorf("a: %v", terminal(base)) },
	}
	terminals := 0
	for name, chain := range chains {
		base := errors.New("x")
		m, r := chain(controller.TerminalError, base), chain(reconcile.TerminalError, base)
		mt, rt := errors.Is(m, controller.TerminalError(nil)), errors.Is(r, reconcile.TerminalError(nil))
		if mt != rt {
			t.Errorf("%s: terminal %v in the model, %v in controller-runtime", name, mt, rt)
		}
		if m.Error() != r.Error() {
			t.Errorf("%s: text %q in the model, %q in controller-runtime", name, m.Error(), r.Error())
		}
		if rt {
			terminals++
		}
	}
	// The table must exercise both answers of the real errors.Is.
	if terminals == 0 || terminals == len(chains) {
		t.Errorf("%d of %d chains are terminal in controller-runtime", terminals, len(chains))
	}
}
