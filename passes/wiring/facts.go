package wiring

import (
	"fmt"
	"strings"
)

// The facts and the records of controllers are plain data: kinds and reconcilers are
// named by "path.Name" of their type, so that a record found in one package can travel
// to its importers in a Summary fact (gob-encoded, deterministic: slices only, no maps).

// Slot names a value at a function boundary: 0 is "not a parameter"; k > 0 is the k-th
// slot of the function, counting the receiver of a method first (a method's receiver is
// slot 1, its first parameter slot 2; a function's first parameter is slot 1). A record
// with a slot is a template: the caller resolves the slot with its argument.
type Slot int

// Ref is a kind or reconciler named by its type. Type is "path.Name" of the named type
// (pointer stripped), "" when unknown; Slot, when non-zero, says the value is the
// function's parameter in that slot (Type is then "").
type Ref struct {
	Type string
	Slot Slot
}

// Known reports whether r names a type.
func (r Ref) Known() bool { return r.Type != "" }

func (r Ref) String() string {
	switch {
	case r.Type != "":
		return shortType(r.Type)
	case r.Slot > 0:
		return fmt.Sprintf("slot%d", r.Slot)
	}
	return "?"
}

// shortType is the last element of the path and the name: "v1.App".
func shortType(key string) string {
	i := strings.LastIndex(key, ".")
	if i < 0 {
		return key
	}
	path, name := key[:i], key[i+1:]
	if j := strings.LastIndex(path, "/"); j >= 0 {
		path = path[j+1:]
	}
	return path + "." + name
}

// Pred is an event filter (a predicate on For, Owns or Watches, or a global event
// filter).
type Pred struct {
	// Generation: the filter drops updates that leave metadata.generation unchanged
	// (GenerationChangedPredicate, a predicate.Funcs whose UpdateFunc reads the
	// generation, or predicate.And with one of them, predicate.Or of only such).
	Generation bool
	// Unknown: the filter was not seen through (a parameter, a function of another
	// package): it may drop anything.
	Unknown bool
	// Desc is a short description ("predicate.GenerationChangedPredicate").
	Desc string
}

// Handler kinds of a watch.
const (
	HandlerObject   = "object"    // EnqueueRequestForObject: the event's object itself
	HandlerOwner    = "owner"     // EnqueueRequestForOwner with OnlyControllerOwner (and Owns)
	HandlerEvery    = "every"     // EnqueueRequestForOwner of every owner (Owns with MatchEveryOwner)
	HandlerMap      = "map"       // EnqueueRequestsFromMapFunc
	HandlerFuncs    = "funcs"     // handler.Funcs
	HandlerUnknown  = "unknown"   // anything else
	HandlerInternal = "reconcile" // For: the builder enqueues the object itself
)

// Watch is one source of events of a controller.
type Watch struct {
	// Via is the builder method or call that made it: For, Owns, Watches,
	// WatchesMetadata, WatchesRawSource, or Watch (controller.Watch).
	Via string
	// Kind is the watched kind ("" when the source is not a Kind source of a known
	// type).
	Kind Ref
	// Handler is one of the Handler constants.
	Handler string
	// Owner is the owner kind of an EnqueueRequestForOwner (the For kind for Owns).
	Owner Ref
	// Preds are the filters of this watch only.
	Preds []Pred
	// OnlyMetadata: the kind is watched as metadata only (builder.OnlyMetadata,
	// WatchesMetadata).
	OnlyMetadata bool
	// Line is the line of the call, for facts' strings and tests.
	Line int
}

// Tri is a yes / no / unknown answer.
type Tri int

// Values of Tri.
const (
	No Tri = iota
	Yes
	Unknown
)

func (t Tri) String() string {
	return [...]string{"no", "yes", "unknown"}[t]
}

// Options are the controller.Options a controller is built with.
type Options struct {
	// Seen: options were given (WithOptions, or controller.New's options).
	Seen bool
	// Slot: the options are the function's parameter in that slot.
	Slot Slot
	// ReconciliationTimeout is Yes when set to a non-zero value, Unknown when the
	// options are not a literal the pass can read.
	ReconciliationTimeout Tri
	// MaxConcurrentReconciles is the constant value, 0 when unset, -1 when unknown.
	MaxConcurrentReconciles int
	// RateLimiter: a custom rate limiter is set.
	RateLimiter Tri
}

// Controller is one controller: what it watches, how it filters events, its options
// and the reconciler it runs.
type Controller struct {
	// Form is "builder" (ctrl.NewControllerManagedBy ... Complete/Build) or
	// "controller.New" (controller.New / NewTyped / NewUnmanaged and Watch).
	Form string
	// Name is the constant given to Named or controller.New, "" otherwise.
	Name string
	// Reconciler is the reconciler's type.
	Reconciler Ref
	// For is the For watch of a builder (nil for controller.New, or not seen).
	For *Watch
	// Watches are the other watches: Owns, Watches*, controller.Watch.
	Watches []Watch
	// Filters are the global event filters (WithEventFilter).
	Filters []Pred
	Options Options
	// Opaque lists what the pass could not see through ("the builder is passed to
	// setup", "Owns in a loop"); a controller with any is not fully known.
	Opaque []string
	// Line is the line of the Complete, Build or controller.New call.
	Line int
	// Base is, in a Summary, the slot of the builder parameter the function completes
	// (0: a builder made in the function).
	Base Slot
}

// Summary is the fact of a function that builds controllers or builder values: the
// templates its callers instantiate with their arguments.
type Summary struct {
	// Controllers are completed in the function.
	Controllers []Controller
	// Returns is set when the function returns a builder: Base is 0 for a builder
	// made in the function, the slot of a builder parameter otherwise.
	Returns *Template
	// Params are the changes the function makes to builders it is given.
	Params []Template
}

// Template is a builder value at a function boundary: the changes made to it.
type Template struct {
	// Base: 0, a builder made here; k > 0: the builder in slot k.
	Base Slot
	// Builder holds the changes (its Reconciler is unused).
	Builder Controller
}

// AFact implements analysis.Fact.
func (*Summary) AFact() {}

func (s *Summary) String() string {
	var parts []string
	for i := range s.Controllers {
		parts = append(parts, s.Controllers[i].String())
	}
	if s.Returns != nil {
		parts = append(parts, fmt.Sprintf("returns builder(base %d) %s", s.Returns.Base, s.Returns.Builder.watchString()))
	}
	for _, p := range s.Params {
		parts = append(parts, fmt.Sprintf("adds to slot%d %s", p.Base, p.Builder.watchString()))
	}
	return "wiring " + strings.Join(parts, "; ")
}

// String is a one-line description used by tests: "controller App: for v1.App owns
// v1.ConfigMap(owner) filters [generation]".
func (c *Controller) String() string {
	s := "controller " + c.Reconciler.String() + ": " + c.watchString()
	if c.Options.Seen {
		s += fmt.Sprintf(" timeout=%s", c.Options.ReconciliationTimeout)
	}
	if len(c.Opaque) > 0 {
		s += " opaque(" + strings.Join(c.Opaque, ", ") + ")"
	}
	return s
}

func (c *Controller) watchString() string {
	var b []string
	if c.For != nil {
		b = append(b, "for "+c.For.Kind.String()+predString(c.For.Preds))
	}
	for _, w := range c.Watches {
		b = append(b, strings.ToLower(w.Via)+" "+w.Kind.String()+"("+w.Handler+")"+predString(w.Preds))
	}
	if len(c.Filters) > 0 {
		b = append(b, "filters"+predString(c.Filters))
	}
	if len(b) == 0 {
		return "nothing"
	}
	return strings.Join(b, " ")
}

func predString(ps []Pred) string {
	if len(ps) == 0 {
		return ""
	}
	var s []string
	for _, p := range ps {
		switch {
		case p.Generation:
			s = append(s, "generation")
		case p.Unknown:
			s = append(s, "unknown")
		default:
			s = append(s, "other")
		}
	}
	return "[" + strings.Join(s, ",") + "]"
}

// BuildsControllers is a package fact: the package has functions with Summary facts,
// so its importers must look at their calls (the wiring pass's fast path).
type BuildsControllers struct{}

// AFact implements analysis.Fact.
func (*BuildsControllers) AFact() {}

func (*BuildsControllers) String() string { return "builds controllers" }
