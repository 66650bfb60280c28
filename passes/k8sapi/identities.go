package k8sapi

import (
	"fmt"
	"strconv"
	"strings"
)

// The identity table: where each declaration that the rules match is declared, release by
// release of controller-runtime (v0.<minor>; client-go and apimachinery are the releases
// that each controller-runtime release requires).
//
// Rules name an identity by its v0.24 spelling (path and name, as in
// IsType(t, BuilderPkg, "TypedBuilder")). The matchers (IsType, IsPointerTo, IsObj,
// IsFuncCall, IsMethodCall, MethodOf users such as ClientCall, LookupType) accept any
// home of that identity, after aliases are unwrapped: an object is recognised by where it
// is declared, and on every release one home holds the declaration while the other
// spellings, if they exist, are aliases of it. The table is checked against the real
// modules of testdata/matrix by internal/matrix.

// Oldest and newest controller-runtime minor releases the table describes.
const (
	OldestRelease = 6
	NewestRelease = 25
)

// Kind of object an identity is.
type Kind int

// Kinds of identities.
const (
	TypeIdent Kind = iota // a declared (defined) type
	FuncIdent             // a package-level function
	VarIdent              // a package-level variable (or constant)
)

// Home is a package and name under which an identity is declared, for the releases
// From..Until (inclusive; Until 0: still declared there in NewestRelease).
type Home struct {
	Pkg, Name   string
	From, Until int
}

// In reports whether the home holds the declaration in release minor.
func (h Home) In(minor int) bool {
	return minor >= h.From && (h.Until == 0 || minor <= h.Until)
}

// Identity is one declaration the rules match. Methods lists methods the rules match on
// it, which every home must have (declared on it or promoted from an embedded interface).
type Identity struct {
	Pkg, Name string // the name rules use
	Kind      Kind
	Methods   []string
	Homes     []Home
}

// cacheapiPkg is the package that holds the informer interfaces from v0.25 on.
const cacheapiPkg = CachePkg + "/cacheapi"

// always is the home of an identity that never moved: declared under its own name in
// every release from From on.
func always(pkg, name string, from int, k Kind, methods ...string) Identity {
	return Identity{Pkg: pkg, Name: name, Kind: k, Methods: methods, Homes: []Home{{Pkg: pkg, Name: name, From: from}}}
}

// Identities is the table. Homes of one identity do not overlap in releases.
var Identities = []Identity{
	// reconcile
	always(ReconcilePkg, "Result", OldestRelease, TypeIdent),
	always(ReconcilePkg, "Request", OldestRelease, TypeIdent),
	{Pkg: ReconcilePkg, Name: "TypedFunc", Kind: TypeIdent, Homes: []Home{
		{ReconcilePkg, "Func", OldestRelease, 18}, {ReconcilePkg, "TypedFunc", 19, 0}}},
	always(ReconcilePkg, "TerminalError", 15, FuncIdent),
	always(ReconcilePkg, "AsReconciler", 17, FuncIdent),

	// client
	// client.Object is an alias of cacheapi.Object from v0.25.
	{Pkg: ClientPkg, Name: "Object", Kind: TypeIdent, Homes: []Home{
		{ClientPkg, "Object", 7, 24}, {cacheapiPkg, "Object", 25, 0}}},
	always(ClientPkg, "Reader", OldestRelease, TypeIdent, "Get", "List"),
	always(ClientPkg, "Writer", OldestRelease, TypeIdent, "Create", "Delete", "Update", "Patch", "DeleteAllOf"),
	{Pkg: ClientPkg, Name: "SubResourceWriter", Kind: TypeIdent, Methods: []string{"Update", "Patch"}, Homes: []Home{
		{ClientPkg, "StatusWriter", OldestRelease, 13}, {ClientPkg, "SubResourceWriter", 14, 0}}},
	always(ClientPkg, "SubResourceReader", 14, TypeIdent, "Get"),
	always(ClientPkg, "SubResourceClientConstructor", 14, TypeIdent, "SubResource"),
	always(ClientPkg, "StatusClient", OldestRelease, TypeIdent, "Status"),
	always(ClientPkg, "WithWatch", 9, TypeIdent, "Watch"),
	always(ClientPkg, "Patch", OldestRelease, TypeIdent),
	always(ClientPkg, "MergeFrom", OldestRelease, FuncIdent),
	always(ClientPkg, "MergeFromWithOptions", OldestRelease, FuncIdent),
	always(ClientPkg, "StrategicMergeFrom", 10, FuncIdent),
	always(ClientPkg, "MergeFromWithOptimisticLock", OldestRelease, TypeIdent),
	always(ClientPkg, "IgnoreNotFound", OldestRelease, FuncIdent),
	always(ClientPkg, "IgnoreAlreadyExists", 13, FuncIdent),
	always(ClientPkg, "FieldOwner", OldestRelease, TypeIdent),
	always(ClientPkg, "ForceOwnership", OldestRelease, VarIdent),
	always(ClientPkg, "Apply", OldestRelease, VarIdent),

	// controllerutil
	always(ControllerutilPkg, "CreateOrUpdate", OldestRelease, FuncIdent),
	always(ControllerutilPkg, "CreateOrPatch", 7, FuncIdent),
	always(ControllerutilPkg, "AddFinalizer", OldestRelease, FuncIdent),
	always(ControllerutilPkg, "RemoveFinalizer", OldestRelease, FuncIdent),
	always(ControllerutilPkg, "ContainsFinalizer", OldestRelease, FuncIdent),
	{Pkg: ControllerutilPkg, Name: "AddFinalizerWithError", Kind: FuncIdent, Homes: []Home{
		{ControllerutilPkg, "AddFinalizerWithError", OldestRelease, 6}}},
	always(ControllerutilPkg, "OperationResult", OldestRelease, TypeIdent),

	// the root package
	always(CtrlRoot, "CreateOrUpdate", OldestRelease, VarIdent),
	always(CtrlRoot, "NewControllerManagedBy", OldestRelease, VarIdent),

	// builder
	always(BuilderPkg, "ControllerManagedBy", OldestRelease, FuncIdent),
	always(BuilderPkg, "TypedControllerManagedBy", 19, FuncIdent),
	{Pkg: BuilderPkg, Name: "TypedBuilder", Kind: TypeIdent,
		Methods: []string{"For", "Owns", "Watches", "Named", "WithOptions", "WithEventFilter", "Complete", "Build"},
		Homes:   []Home{{BuilderPkg, "Builder", OldestRelease, 18}, {BuilderPkg, "TypedBuilder", 19, 0}}},

	// builder options (the wiring pass)
	always(BuilderPkg, "WithPredicates", OldestRelease, FuncIdent),
	always(BuilderPkg, "OnlyMetadata", OldestRelease, VarIdent),
	always(BuilderPkg, "MatchEveryOwner", 15, VarIdent),

	// handler: EnqueueRequestForOwner and EnqueueRequestsFromMapFunc are structs in the
	// oldest releases and functions later (two identities of one name: the kinds differ).
	{Pkg: HandlerPkg, Name: "TypedEnqueueRequestForObject", Kind: TypeIdent, Homes: []Home{
		{HandlerPkg, "EnqueueRequestForObject", OldestRelease, 18}, {HandlerPkg, "TypedEnqueueRequestForObject", 19, 0}}},
	{Pkg: HandlerPkg, Name: "EnqueueRequestForOwner", Kind: TypeIdent, Homes: []Home{{HandlerPkg, "EnqueueRequestForOwner", OldestRelease, 14}}},
	always(HandlerPkg, "EnqueueRequestForOwner", 15, FuncIdent),
	always(HandlerPkg, "TypedEnqueueRequestForOwner", 19, FuncIdent),
	always(HandlerPkg, "OnlyControllerOwner", 15, FuncIdent),
	{Pkg: HandlerPkg, Name: "EnqueueRequestsFromMapFunc", Kind: TypeIdent, Homes: []Home{{HandlerPkg, "EnqueueRequestsFromMapFunc", OldestRelease, 6}}},
	always(HandlerPkg, "EnqueueRequestsFromMapFunc", 7, FuncIdent),
	always(HandlerPkg, "TypedEnqueueRequestsFromMapFunc", 19, FuncIdent),
	{Pkg: HandlerPkg, Name: "TypedFuncs", Kind: TypeIdent, Homes: []Home{
		{HandlerPkg, "Funcs", OldestRelease, 18}, {HandlerPkg, "TypedFuncs", 19, 0}}},

	// predicate
	{Pkg: PredicatePkg, Name: "TypedGenerationChangedPredicate", Kind: TypeIdent, Homes: []Home{
		{PredicatePkg, "GenerationChangedPredicate", OldestRelease, 18}, {PredicatePkg, "TypedGenerationChangedPredicate", 19, 0}}},
	{Pkg: PredicatePkg, Name: "TypedFuncs", Kind: TypeIdent, Homes: []Home{
		{PredicatePkg, "Funcs", OldestRelease, 18}, {PredicatePkg, "TypedFuncs", 19, 0}}},
	always(PredicatePkg, "And", OldestRelease, FuncIdent),
	always(PredicatePkg, "Or", OldestRelease, FuncIdent),
	always(PredicatePkg, "Not", 15, FuncIdent),

	// config: the manager's controller defaults (ReconciliationTimeout from v0.22)
	always(ConfigPkg, "Controller", 15, TypeIdent),

	// controllerutil owner references (ownswatch)
	always(ControllerutilPkg, "SetControllerReference", OldestRelease, FuncIdent),
	always(ControllerutilPkg, "SetOwnerReference", OldestRelease, FuncIdent),
	always(CtrlRoot, "SetControllerReference", OldestRelease, VarIdent),

	// controller
	always(ControllerPkg, "New", OldestRelease, FuncIdent),
	always(ControllerPkg, "NewUnmanaged", OldestRelease, FuncIdent),
	always(ControllerPkg, "NewTypedUnmanaged", 19, FuncIdent),
	always(ControllerPkg, "NewTyped", 19, FuncIdent),
	{Pkg: ControllerPkg, Name: "TypedController", Kind: TypeIdent, Methods: []string{"Watch"}, Homes: []Home{
		{ControllerPkg, "Controller", OldestRelease, 18}, {ControllerPkg, "TypedController", 19, 0}}},
	{Pkg: ControllerPkg, Name: "TypedOptions", Kind: TypeIdent, Homes: []Home{
		{ControllerPkg, "Options", OldestRelease, 18}, {ControllerPkg, "TypedOptions", 19, 0}}},

	// source: Kind is a struct type before v0.15 (&source.Kind{Type: obj}), a function after.
	{Pkg: SourcePkg, Name: "Kind", Kind: TypeIdent, Homes: []Home{{SourcePkg, "Kind", OldestRelease, 14}}},
	always(SourcePkg, "Kind", 15, FuncIdent),
	{Pkg: SourcePkg, Name: "Channel", Kind: TypeIdent, Homes: []Home{{SourcePkg, "Channel", OldestRelease, 17}}},
	always(SourcePkg, "Channel", 18, FuncIdent),
	always(SourcePkg, "TypedKind", 19, FuncIdent),

	// cache: the informer interface moved to pkg/cache/cacheapi in v0.25 (cache.Informer
	// is an alias of it there).
	{Pkg: CachePkg, Name: "Informer", Kind: TypeIdent, Methods: []string{"AddEventHandler", "AddEventHandlerWithResyncPeriod"}, Homes: []Home{
		{CachePkg, "Informer", OldestRelease, 24}, {cacheapiPkg, "Informer", 25, 0}}},

	// manager
	always(ManagerPkg, "Manager", OldestRelease, TypeIdent, "Add"),

	// apimachinery
	always(APIErrorsPkg, "IsNotFound", OldestRelease, FuncIdent),
	always(APIErrorsPkg, "IsAlreadyExists", OldestRelease, FuncIdent),
	always(MetaPkg, "SetStatusCondition", 7, FuncIdent),
	always(MetaV1Pkg, "Condition", 7, TypeIdent),
	always(TypesPkg, "NamespacedName", OldestRelease, TypeIdent),
	always(TypesPkg, "UID", OldestRelease, TypeIdent),
	always(WaitPkg, "Backoff", OldestRelease, TypeIdent),
	always(WaitPkg, "ExponentialBackoff", OldestRelease, FuncIdent),
	always(WaitPkg, "ExponentialBackoffWithContext", 9, FuncIdent),

	// client-go
	always(RetryPkg, "RetryOnConflict", OldestRelease, FuncIdent),
	always(RetryPkg, "OnError", OldestRelease, FuncIdent),
	always(RetryPkg, "DefaultRetry", OldestRelease, VarIdent),
	always(RetryPkg, "DefaultBackoff", OldestRelease, VarIdent),
	always(ToolsCachePkg, "SharedInformer", OldestRelease, TypeIdent, "AddEventHandler", "AddEventHandlerWithResyncPeriod"),
	always(ToolsCachePkg, "SharedIndexInformer", OldestRelease, TypeIdent),
}

// identKey is the path and name of an identity (a struct key: matchers ask on every
// call expression, and building "path.name" strings was a hot spot).
type identKey struct{ path, name string }

// homesByKey maps each identity to its homes. A name with two identities (a struct
// in old releases, a function in new ones) has the homes of both.
var homesByKey = func() map[identKey][]Home {
	m := map[identKey][]Home{}
	for _, id := range Identities {
		k := identKey{id.Pkg, id.Name}
		m[k] = append(m[k], id.Homes...)
	}
	return m
}()

// isHome reports whether the declaration pkgPath.name is a home of the identity
// path.name (itself, when the identity is not in the table).
func isHome(path, name, pkgPath, objName string) bool {
	if pkgPath == path && objName == name {
		return true
	}
	for _, h := range homesByKey[identKey{path, name}] {
		if h.Pkg == pkgPath && h.Name == objName {
			return true
		}
	}
	return false
}

// homesOf returns the homes of path.name, or path.name itself when it is not in the table.
func homesOf(path, name string) []Home {
	if hs := homesByKey[identKey{path, name}]; len(hs) > 0 {
		return hs
	}
	return []Home{{Pkg: path, Name: name}}
}

// ReleaseNote returns a one-line note when the controller-runtime version (a module
// version such as "v0.26.0") is outside the releases the table describes, naming the
// release and what may be missed; "" for a known release or an unparsable version.
func ReleaseNote(version string) string {
	minor, ok := minorOf(version)
	if !ok {
		return ""
	}
	switch {
	case minor < OldestRelease:
		return fmt.Sprintf("controller-runtime %s is older than v0.%d, the oldest release reconcilelint knows: entry points whose signature differs from Reconcile(reconcile.Request) and API objects declared elsewhere than in v0.%d may be missed", version, OldestRelease, OldestRelease)
	case minor > NewestRelease:
		return fmt.Sprintf("controller-runtime %s is newer than v0.%d, the newest release reconcilelint knows: API objects that moved or were renamed after v0.%d are not recognised, so findings on them may be missed", version, NewestRelease, NewestRelease)
	}
	return ""
}

// minorOf returns the minor release of a controller-runtime module version: 24 for
// "v0.24.1"; a major version above 0 counts as newer than any known release.
func minorOf(version string) (int, bool) {
	v, ok := strings.CutPrefix(version, "v")
	if !ok {
		return 0, false
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return 0, false
	}
	if major > 0 {
		return NewestRelease + 1, true
	}
	return minor, true
}
