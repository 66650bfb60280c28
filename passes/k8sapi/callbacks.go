package k8sapi

import (
	"go/ast"
	"go/types"
	"strings"
)

// EventPkg is controller-runtime's package of event types.
const EventPkg = CtrlRoot + "/pkg/event"

// CallbackKind is the kind of an event callback: what the informer calls it for.
type CallbackKind string

// Kinds of event callbacks.
const (
	// PredicateCallback filters events: a field of predicate.Funcs, the function of
	// predicate.NewPredicateFuncs, or a Create/Update/Delete/Generic method of a type
	// used as a predicate.Predicate (a TypedPredicate[T]).
	PredicateCallback CallbackKind = "predicate"
	// HandlerCallback turns events into requests: a field of handler.Funcs or a
	// Create/Update/Delete/Generic method of a handler.EventHandler implementation.
	HandlerCallback CallbackKind = "handler"
	// MapCallback maps an object to requests: the function given to
	// EnqueueRequestsFromMapFunc in every era's form (v0.6's ToRequestsFunc or Mapper,
	// the MapFunc without a ctx of v0.7-v0.14, with a ctx from v0.15, the typed forms).
	MapCallback CallbackKind = "map"
	// InformerCallback is a client-go informer event handler: a field of
	// cache.ResourceEventHandlerFuncs (and the detailed and filtering forms) or an
	// OnAdd/OnUpdate/OnDelete method of a cache.ResourceEventHandler.
	InformerCallback CallbackKind = "informer"
)

// CallbackFieldKind returns the kind of callback held in the fields of the composite
// literal's type (see CallbackLit), with the type's short name ("predicate.Funcs").
func CallbackFieldKind(info *types.Info, lit *ast.CompositeLit) (CallbackKind, string) {
	n := Named(info.TypeOf(lit))
	if n == nil || n.Obj().Pkg() == nil {
		return "", ""
	}
	name := n.Obj().Name()
	short := n.Obj().Pkg().Name() + "." + strings.TrimPrefix(name, "Typed")
	switch n.Obj().Pkg().Path() {
	case PredicatePkg:
		return PredicateCallback, short
	case HandlerPkg:
		if strings.Contains(name, "MapFunc") { // v0.6's EnqueueRequestsFromMapFunc struct
			return MapCallback, short
		}
		return HandlerCallback, short
	case ToolsCachePkg:
		return InformerCallback, short
	}
	return "", ""
}

// CallbackCallKind returns the kind of callback the function arguments of a call
// recognised by CallbackCall are, and a description of them for messages ("the
// function given to handler.EnqueueRequestsFromMapFunc", "a handler.ToRequestsFunc"
// for a conversion).
func CallbackCallKind(info *types.Info, call *ast.CallExpr) (CallbackKind, string) {
	var obj types.Object
	prefix := "the function given to "
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if n := Named(types.Unalias(tv.Type)); n != nil {
			obj = n.Obj()
		}
		prefix = "a "
	} else {
		obj = Callee(info, call)
	}
	if obj == nil || obj.Pkg() == nil {
		return "", ""
	}
	desc := prefix + obj.Pkg().Name() + "." + obj.Name()
	if obj.Pkg().Path() == PredicatePkg {
		return PredicateCallback, desc
	}
	if strings.Contains(obj.Name(), "Map") || strings.Contains(obj.Name(), "ToRequests") {
		return MapCallback, desc
	}
	return HandlerCallback, desc
}

// CallbackMethod reports whether the method fn has the signature of an event callback
// that the informer calls on a value of its type: Create, Update, Delete or Generic
// with a controller-runtime event parameter (a predicate when it returns bool, an
// event handler when it also takes the queue), Map with v0.6's handler.MapObject (a
// Mapper), or client-go's OnAdd(obj any[, isInInitialList bool]), OnUpdate(old, new
// any) and OnDelete(obj any). The parameter types decide, not the receiver's name: the
// event types kept their package in every release while they became generic.
func CallbackMethod(fn *types.Func) (CallbackKind, bool) {
	sig := fn.Signature()
	if sig.Recv() == nil {
		return "", false
	}
	params, results := sig.Params(), sig.Results()
	switch fn.Name() {
	case "Create", "Update", "Delete", "Generic":
		event := false
		for v := range params.Variables() {
			if n := Named(v.Type()); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == EventPkg {
				event = true
			}
		}
		if !event {
			return "", false
		}
		if results.Len() == 1 && types.Identical(results.At(0).Type(), types.Typ[types.Bool]) && params.Len() == 1 {
			return PredicateCallback, true
		}
		if results.Len() == 0 && params.Len() >= 2 {
			return HandlerCallback, true
		}
	case "Map":
		if params.Len() == 1 {
			if n := Named(params.At(0).Type()); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == HandlerPkg {
				return MapCallback, true
			}
		}
	case "OnAdd", "OnUpdate", "OnDelete":
		if results.Len() != 0 {
			return "", false
		}
		want := map[string]int{"OnAdd": 1, "OnUpdate": 2, "OnDelete": 1}[fn.Name()]
		n := 0
		for v := range params.Variables() {
			if it, ok := v.Type().Underlying().(*types.Interface); ok && it.Empty() {
				n++
			} else if !(fn.Name() == "OnAdd" && types.Identical(v.Type(), types.Typ[types.Bool])) {
				return "", false
			}
		}
		if n == want {
			return InformerCallback, true
		}
	}
	return "", false
}

// CallbackType reports whether t is a named type declared in controller-runtime's
// pkg/handler or pkg/predicate (handler.MapFunc, predicate.Funcs, ...): a function
// literal returned or assigned as one is an event callback.
func CallbackType(t types.Type) bool { return callbackPkg(t) }

// optionTypes are the option structs of client-go's typed and dynamic clients that
// only writes take.
var optionTypes = map[string]bool{
	"CreateOptions": true, "UpdateOptions": true, "PatchOptions": true,
	"DeleteOptions": true, "ApplyOptions": true,
}

// ClientsetWrite recognises a write through a client-go typed clientset (generated
// for built-in kinds or for a module's own kinds) or the dynamic client: a method
// that takes metav1.CreateOptions, UpdateOptions, PatchOptions, DeleteOptions or
// ApplyOptions. It returns a description ("DeploymentInterface.Update") or "".
func ClientsetWrite(info *types.Info, call *ast.CallExpr) string {
	fn, ok := Callee(info, call).(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return ""
	}
	for v := range fn.Signature().Params().Variables() {
		n := Named(v.Type())
		if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != MetaV1Pkg || !optionTypes[n.Obj().Name()] {
			continue
		}
		if m, ok := MethodOf(fn); ok {
			return m.Recv + "." + m.Name
		}
		return fn.Name()
	}
	return ""
}
