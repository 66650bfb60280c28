package k8sapi

import (
	"go/ast"
	"go/types"
	"strings"
)

// WatchKind classifies a call recognised by WatchCall.
type WatchKind int

// Kinds of watch-starting calls.
const (
	NotWatch        WatchKind = iota
	BuilderCall               // a constructor or method of the controller builder
	ControllerNew             // controller.New / NewTyped
	ControllerWatch           // (controller.TypedController).Watch
	SourceKind                // source.Kind / TypedKind
	InformerHandler           // AddEventHandler* on an informer
	StreamWatch               // client.WithWatch.Watch and client-go typed/dynamic Watch
	ManagerAdd                // (manager.Manager).Add
)

var builderMethods = []string{"For", "Owns", "Watches", "WatchesRawSource", "WatchesMetadata", "Named",
	"WithOptions", "WithEventFilter", "WithLogConstructor", "Complete", "Build"}

// WatchCall recognises a call that registers a watch, an event handler, a controller or
// a runnable with long-lived machinery: the controller builder (ctrl.NewControllerManagedBy,
// builder.ControllerManagedBy and its methods), controller.New/NewTyped,
// (controller.TypedController).Watch, source.Kind/TypedKind, AddEventHandler* on a
// controller-runtime or client-go informer, client.WithWatch.Watch, Watch methods of
// client-go typed and dynamic clients, and (manager.Manager).Add. It returns the kind and
// a short description ("controller.Controller.Watch").
func WatchCall(pkg *types.Package, info *types.Info, call *ast.CallExpr) (WatchKind, string) {
	obj := Callee(info, call)
	if obj == nil || obj.Pkg() == nil {
		return NotWatch, ""
	}
	switch {
	case IsFuncCall(info, call, CtrlRoot, "NewControllerManagedBy"):
		return BuilderCall, "ctrl.NewControllerManagedBy"
	case IsFuncCall(info, call, BuilderPkg, "ControllerManagedBy", "TypedControllerManagedBy"):
		return BuilderCall, "builder." + obj.Name()
	case IsMethodCall(info, call, BuilderPkg, "TypedBuilder", builderMethods...):
		return BuilderCall, "builder.Builder." + obj.Name()
	case IsFuncCall(info, call, ControllerPkg, "New", "NewTyped"):
		return ControllerNew, "controller." + obj.Name()
	case IsMethodCall(info, call, ControllerPkg, "TypedController", "Watch"):
		return ControllerWatch, "controller.Controller.Watch"
	case IsFuncCall(info, call, SourcePkg, "Kind", "TypedKind"):
		return SourceKind, "source." + obj.Name()
	case IsMethodCall(info, call, CachePkg, "Informer", "AddEventHandler", "AddEventHandlerWithOptions"):
		return InformerHandler, "cache.Informer." + obj.Name()
	case IsMethodCall(info, call, ToolsCachePkg, "SharedInformer", "AddEventHandler", "AddEventHandlerWithResyncPeriod", "AddEventHandlerWithOptions"),
		IsMethodCall(info, call, ToolsCachePkg, "SharedIndexInformer", "AddEventHandler", "AddEventHandlerWithResyncPeriod", "AddEventHandlerWithOptions"):
		return InformerHandler, "cache.SharedInformer." + obj.Name()
	case IsMethodCall(info, call, ManagerPkg, "Manager", "Add"):
		return ManagerAdd, "manager.Manager.Add"
	}
	if op, ok := ClientCall(pkg, info, call); ok && op.Iface == "WithWatch" && op.Method == "Watch" {
		return StreamWatch, "client.WithWatch.Watch"
	}
	if fn, ok := obj.(*types.Func); ok && fn.Name() == "Watch" && strings.HasPrefix(fn.Pkg().Path(), "k8s.io/client-go/") {
		res := fn.Signature().Results()
		if m, ok := MethodOf(fn); ok && res.Len() == 2 && IsType(res.At(0).Type(), "k8s.io/apimachinery/pkg/watch", "Interface") {
			return StreamWatch, fn.Pkg().Name() + "." + m.Recv + ".Watch"
		}
	}
	return NotWatch, ""
}
