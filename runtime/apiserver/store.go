package apiserver

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// GenerationPolicy says which writes bump metadata.generation.
type GenerationPolicy int

const (
	// NoGeneration: the kind keeps no generation (ConfigMap, Secret).
	NoGeneration GenerationPolicy = iota
	// SpecGeneration: a change of anything but metadata and status
	// (Deployment; a custom resource with the status subresource).
	SpecGeneration
	// AllGeneration: a change of anything but metadata, status included
	// (a custom resource without the status subresource).
	AllGeneration
)

// Kind describes a resource the store serves.
type Kind struct {
	Name       string // App
	APIVersion string // example.com/v1
	// Resource is the group-qualified plural the API server names in its
	// messages: apps.example.com, configmaps, deployments.apps.
	Resource   string
	Namespaced bool
	// Custom: served from a CustomResourceDefinition. An Update without
	// metadata.resourceVersion is refused (built-in kinds accept it as an
	// unconditional update).
	Custom bool
	// StatusSubresource: writes to the main resource keep the stored
	// status, writes to /status keep everything else.
	StatusSubresource bool
	Generation        GenerationPolicy
	// Validate, when set, returns the field error of an invalid object
	// ("spec.size: Invalid value: -1: must be >= 0"), as the CRD's
	// OpenAPI schema or a built-in kind's validation would.
	Validate func(o Object) string
	// Default, when set, fills in defaults on every write (the API
	// server's defaulting: a Deployment's spec.replicas is 1).
	Default func(o Object)
}

// CustomKind returns a namespaced custom resource kind of group example.com.
func CustomKind(name string, status bool) Kind {
	g := AllGeneration
	if status {
		g = SpecGeneration
	}
	return Kind{Name: name, APIVersion: "example.com/v1", Resource: strings.ToLower(name) + "s.example.com", Namespaced: true,
		Custom: true, StatusSubresource: status, Generation: g}
}

// Common built-in kinds.
var (
	ConfigMap  = Kind{Name: "ConfigMap", APIVersion: "v1", Resource: "configmaps", Namespaced: true}
	Secret     = Kind{Name: "Secret", APIVersion: "v1", Resource: "secrets", Namespaced: true}
	Deployment = Kind{Name: "Deployment", APIVersion: "apps/v1", Resource: "deployments.apps", Namespaced: true, StatusSubresource: true, Generation: SpecGeneration,
		Default: func(o Object) {
			if o.Get("spec.replicas") == nil {
				o.Set("spec.replicas", int64(1))
			}
		}}
	Namespace = Kind{Name: "Namespace", APIVersion: "v1", Resource: "namespaces", StatusSubresource: true}
)

// EventType is the type of a watch event.
type EventType string

// Watch event types.
const (
	Added    EventType = "ADDED"
	Modified EventType = "MODIFIED"
	Deleted  EventType = "DELETED"
)

// Event is a watch event: the object after the change (for Deleted, its
// last state with the resourceVersion of the deletion).
type Event struct {
	Type   EventType
	Object Object
}

// Scheduler runs f after d of virtual time; the store uses it for the
// garbage collector. A nil Scheduler runs the collector at once.
type Scheduler func(d time.Duration, f func())

// Store is the object store.
type Store struct {
	kinds    map[string]Kind
	objs     map[string]map[Key]Object
	rv       int64
	uids     int64
	gen      int64
	now      func() time.Duration
	watchers map[string][]func(Event)
	sched    Scheduler
	// GCDelay is how long the garbage collector takes to act on an
	// owner's deletion or a dependent whose owner is absent.
	GCDelay time.Duration
	// Writes counts the writes that changed an object, per kind.
	Writes map[string]int
	// Log, when set, receives a line per write and per refused write.
	Log func(format string, args ...any)
	// managed[kind][key][manager] = set of field paths the manager owns.
	managed map[string]map[Key]map[string]map[string]bool
}

// NewStore returns an empty store. now gives the virtual time stamped into
// creationTimestamp and deletionTimestamp; sched runs the garbage collector.
func NewStore(now func() time.Duration, sched Scheduler, kinds ...Kind) *Store {
	s := &Store{kinds: map[string]Kind{}, objs: map[string]map[Key]Object{}, now: now, sched: sched,
		watchers: map[string][]func(Event){}, Writes: map[string]int{}, GCDelay: time.Second,
		managed: map[string]map[Key]map[string]map[string]bool{}}
	for _, k := range kinds {
		s.Register(k)
	}
	return s
}

// Register adds a kind.
func (s *Store) Register(k Kind) {
	s.kinds[k.Name] = k
	if s.objs[k.Name] == nil {
		s.objs[k.Name] = map[Key]Object{}
		s.managed[k.Name] = map[Key]map[string]map[string]bool{}
	}
}

// KindOf returns the registered kind named name.
func (s *Store) KindOf(name string) (Kind, bool) { k, ok := s.kinds[name]; return k, ok }

// ResourceVersion returns the store's current revision.
func (s *Store) ResourceVersion() int64 { return s.rv }

// Watch registers fn for every change of objects of kind, in the order of
// the writes, called synchronously.
func (s *Store) Watch(kind string, fn func(Event)) { s.watchers[kind] = append(s.watchers[kind], fn) }

func (s *Store) emit(kind string, t EventType, o Object) {
	for _, fn := range s.watchers[kind] {
		fn(Event{Type: t, Object: o.DeepCopy()})
	}
}

func (s *Store) logf(format string, args ...any) {
	if s.Log != nil {
		s.Log(format, args...)
	}
}

func (s *Store) kindOf(o Object) (Kind, error) {
	k, ok := s.kinds[o.Kind()]
	if !ok {
		return k, &StatusError{Code: 404, Reason: ReasonNotFound, Message: fmt.Sprintf("the server could not find the requested resource (kind %q)", o.Kind())}
	}
	return k, nil
}

func timestamp(d time.Duration) string {
	return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(d).Truncate(time.Second).Format(time.RFC3339)
}

func (s *Store) nextRV() string { s.rv++; return itoa(s.rv) }

// List returns the objects of kind sorted by namespace and name.
func (s *Store) List(kind string) []Object {
	var out []Object
	for _, o := range s.objs[kind] {
		out = append(out, o.DeepCopy())
	}
	slices.SortFunc(out, func(a, b Object) int { return strings.Compare(a.Key().String(), b.Key().String()) })
	return out
}

// Get returns a copy of the stored object.
func (s *Store) Get(kind string, key Key) (Object, error) {
	k, ok := s.kinds[kind]
	if !ok {
		return nil, &StatusError{Code: 404, Reason: ReasonNotFound, Message: fmt.Sprintf("the server could not find the requested resource (kind %q)", kind)}
	}
	o, ok := s.objs[kind][key]
	if !ok {
		return nil, NewNotFound(k, key.Name)
	}
	return o.DeepCopy(), nil
}

// Options of a write.
type Options struct {
	// FieldManager names the writer in managedFields (default
	// "manager").
	FieldManager string
	// DryRun validates without storing.
	DryRun bool
}

func manager(o Options) string {
	if o.FieldManager == "" {
		return "manager"
	}
	return o.FieldManager
}

// Create stores a new object.
func (s *Store) Create(obj Object, opts Options) (Object, error) {
	k, err := s.kindOf(obj)
	if err != nil {
		return nil, err
	}
	o := obj.DeepCopy()
	if !k.Namespaced {
		o.setMeta("namespace", "")
	} else if o.Namespace() == "" {
		return nil, NewInvalid(k, o.Name(), "metadata.namespace: Required value")
	}
	if o.Name() == "" {
		if g := o.GenerateName(); g != "" {
			s.gen++
			o.setMeta("name", g+generatedSuffix(s.gen))
		} else {
			return nil, NewInvalid(k, "", "metadata.name: Required value: name or generateName is required")
		}
	}
	if o.ResourceVersion() != "" {
		return nil, &StatusError{Code: 500, Reason: ReasonInternalError, Message: "resourceVersion should not be set on objects to be created"}
	}
	if _, exists := s.objs[k.Name][o.Key()]; exists {
		return nil, NewAlreadyExists(k, o.Name())
	}
	if k.StatusSubresource {
		delete(o, "status")
	}
	requested := o.DeepCopy()
	if k.Default != nil {
		k.Default(o)
	}
	if k.Validate != nil {
		if msg := k.Validate(o); msg != "" {
			err := NewInvalid(k, o.Name(), msg)
			s.logf("create %s %s refused: %s", k.Name, o.Key(), err)
			return nil, err
		}
	}
	if opts.DryRun {
		return o, nil
	}
	s.uids++
	o.setMeta("uid", fmt.Sprintf("uid-%d", s.uids))
	o.setMeta("creationTimestamp", timestamp(s.now()))
	delete(o.meta(), "deletionTimestamp")
	if k.Generation != NoGeneration {
		o.meta()["generation"] = int64(1)
	} else {
		delete(o.meta(), "generation")
	}
	o.SetResourceVersion(s.nextRV())
	s.objs[k.Name][o.Key()] = o
	requested.meta()["uid"] = o.UID()
	s.claim(k, requested, nil, manager(opts), false, "")
	s.Writes[k.Name]++
	s.logf("create %s %s → resourceVersion %s", k.Name, o.Key(), o.ResourceVersion())
	s.emit(k.Name, Added, o)
	s.gcCheckLater(k, o)
	return o.DeepCopy(), nil
}

// generatedSuffix is deterministic: the API server draws five random
// characters from a 27-letter alphabet.
func generatedSuffix(n int64) string {
	const alpha = "bcdfghjklmnpqrstvwxz2456789"
	b := make([]byte, 5)
	for i := range b {
		b[4-i] = alpha[n%27]
		n /= 27
	}
	return string(b)
}

// Update replaces the stored object (the main resource).
func (s *Store) Update(obj Object, opts Options) (Object, error) {
	return s.update(obj, opts, false)
}

// UpdateStatus replaces the status (the /status subresource).
func (s *Store) UpdateStatus(obj Object, opts Options) (Object, error) {
	return s.update(obj, opts, true)
}

func (s *Store) update(obj Object, opts Options, status bool) (Object, error) {
	k, err := s.kindOf(obj)
	if err != nil {
		return nil, err
	}
	if status && !k.StatusSubresource {
		return nil, NewNotFound(k, obj.Name())
	}
	key := obj.Key()
	if !k.Namespaced {
		key.Namespace = ""
	}
	old, ok := s.objs[k.Name][key]
	if !ok {
		return nil, NewNotFound(k, key.Name)
	}
	rv := obj.ResourceVersion()
	if rv == "" {
		if k.Custom || status {
			return nil, NewInvalid(k, key.Name, "metadata.resourceVersion: Invalid value: 0: must be specified for an update")
		}
	} else if rv != old.ResourceVersion() {
		return nil, NewConflict(k, key.Name)
	}
	return s.write(k, old, obj.DeepCopy(), opts, status, "update", "")
}

// write stores next in place of old after applying the subresource,
// metadata and generation rules; op names the operation in the log.
func (s *Store) write(k Kind, old, next Object, opts Options, status bool, op, applyManager string) (Object, error) {
	// System metadata the client cannot change.
	for _, f := range []string{"uid", "creationTimestamp", "deletionTimestamp", "generation", "namespace", "name"} {
		if v, ok := old.meta()[f]; ok {
			next.meta()[f] = v
		} else {
			delete(next.meta(), f)
		}
	}
	delete(next.meta(), "managedFields")
	if status {
		// /status: only status changes.
		st, has := next["status"]
		next = old.DeepCopy()
		if has {
			next["status"] = DeepCopyValue(st)
		} else {
			delete(next, "status")
		}
	} else if k.StatusSubresource {
		if st, ok := old["status"]; ok {
			next["status"] = DeepCopyValue(st)
		} else {
			delete(next, "status")
		}
	}
	if old.Deleting() {
		var added []string
		for _, f := range next.Finalizers() {
			if !slices.Contains(old.Finalizers(), f) {
				added = append(added, f)
			}
		}
		if len(added) > 0 {
			err := NewInvalid(k, old.Name(), fmt.Sprintf("metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers %s", goStrings(added)))
			s.logf("%s %s %s refused: %s", op, k.Name, old.Key(), err)
			return nil, err
		}
	}
	if k.Default != nil {
		k.Default(next)
	}
	if k.Validate != nil {
		if msg := k.Validate(next); msg != "" {
			err := NewInvalid(k, old.Name(), msg)
			s.logf("%s %s %s refused: %s", op, k.Name, old.Key(), err)
			return nil, err
		}
	}
	if k.Generation != NoGeneration {
		skip := []string{"metadata", "status"}
		if k.Generation == AllGeneration {
			skip = []string{"metadata"}
		}
		if !equal(without(old, skip...), without(next, skip...)) {
			next.meta()["generation"] = old.Generation() + 1
		}
	}
	next.SetResourceVersion(old.ResourceVersion())
	if equal(map[string]any(old), map[string]any(next)) {
		// A write that changes nothing is not stored: the
		// resourceVersion stays, no watch event.
		s.claimAfter(k, old, old, opts, status, applyManager)
		s.logf("%s %s %s: no change, resourceVersion stays %s", op, k.Name, old.Key(), old.ResourceVersion())
		return old.DeepCopy(), nil
	}
	if opts.DryRun {
		return next, nil
	}
	next.SetResourceVersion(s.nextRV())
	s.claimAfter(k, old, next, opts, status, applyManager)
	s.Writes[k.Name]++
	if next.Deleting() && len(next.Finalizers()) == 0 {
		delete(s.objs[k.Name], next.Key())
		delete(s.managed[k.Name], next.Key())
		s.logf("%s %s %s → last finalizer removed, object deleted (resourceVersion %s)", op, k.Name, next.Key(), next.ResourceVersion())
		s.emit(k.Name, Deleted, next)
		s.ownerGone(k, next)
		return next.DeepCopy(), nil
	}
	s.objs[k.Name][next.Key()] = next
	s.logf("%s %s %s → resourceVersion %s, generation %d", op, k.Name, next.Key(), next.ResourceVersion(), next.Generation())
	s.emit(k.Name, Modified, next)
	s.gcCheckLater(k, next)
	return next.DeepCopy(), nil
}

func (s *Store) claimAfter(k Kind, old, next Object, opts Options, status bool, applyManager string) {
	if applyManager != "" {
		return // Apply records its own fields
	}
	s.claim(k, next, old, manager(opts), status, "")
}

func goStrings(l []string) string {
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}

// DeleteOptions are the options of Delete.
type DeleteOptions struct {
	// ResourceVersion, when set, is a precondition.
	ResourceVersion string
	// UID, when set, is a precondition.
	UID string
}

// Delete deletes the object, or, while it has finalizers, marks it with a
// deletionTimestamp. Dependents are deleted by the garbage collector in
// the background.
func (s *Store) Delete(kind string, key Key, opts DeleteOptions) error {
	k, ok := s.kinds[kind]
	if !ok {
		return &StatusError{Code: 404, Reason: ReasonNotFound, Message: fmt.Sprintf("the server could not find the requested resource (kind %q)", kind)}
	}
	old, ok := s.objs[kind][key]
	if !ok {
		return NewNotFound(k, key.Name)
	}
	if opts.UID != "" && opts.UID != old.UID() {
		return &StatusError{Code: 409, Reason: ReasonConflict, Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", k.Resource, key.Name, opts.UID, old.UID())}
	}
	if opts.ResourceVersion != "" && opts.ResourceVersion != old.ResourceVersion() {
		return &StatusError{Code: 409, Reason: ReasonConflict, Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%s). The object might have been modified", k.Resource, key.Name, opts.ResourceVersion, old.ResourceVersion())}
	}
	if len(old.Finalizers()) > 0 {
		if old.Deleting() {
			s.logf("delete %s %s: already being deleted, waiting for finalizers %v", k.Name, key, old.Finalizers())
			return nil
		}
		next := old.DeepCopy()
		next.setMeta("deletionTimestamp", timestamp(s.now()))
		next.meta()["deletionGracePeriodSeconds"] = int64(0)
		if g := next.Generation(); g > 0 {
			next.meta()["generation"] = g + 1
		}
		next.SetResourceVersion(s.nextRV())
		s.objs[kind][key] = next
		s.Writes[kind]++
		s.logf("delete %s %s → deletionTimestamp set, waiting for finalizers %v (resourceVersion %s)", k.Name, key, next.Finalizers(), next.ResourceVersion())
		s.emit(kind, Modified, next)
		return nil
	}
	delete(s.objs[kind], key)
	delete(s.managed[kind], key)
	last := old.DeepCopy()
	last.SetResourceVersion(s.nextRV())
	s.Writes[kind]++
	s.logf("delete %s %s → deleted (resourceVersion %s)", k.Name, key, last.ResourceVersion())
	s.emit(kind, Deleted, last)
	s.ownerGone(k, last)
	return nil
}

// ownerGone schedules the garbage collector for the dependents of o.
func (s *Store) ownerGone(k Kind, o Object) {
	uid := o.UID()
	for _, dk := range sortedKeys(s.objs) {
		for _, d := range s.List(dk) {
			for _, r := range d.OwnerReferences() {
				if r.UID == uid {
					s.later(func() { s.collect(s.kinds[dk], d.Key(), d.UID()) })
				}
			}
		}
	}
}

func (s *Store) later(f func()) {
	if s.sched == nil {
		f()
		return
	}
	s.sched(s.GCDelay, f)
}

// gcCheckLater has the collector look at a dependent whose owners may be
// absent (an owner reference to an object that does not exist, or to one
// in another namespace, which the collector cannot find).
func (s *Store) gcCheckLater(k Kind, o Object) {
	if len(o.OwnerReferences()) == 0 {
		return
	}
	key, uid := o.Key(), o.UID()
	s.later(func() { s.collect(k, key, uid) })
}

// collect deletes the dependent when none of its owners exists any more,
// as the garbage collector does with background propagation; references to
// absent owners are dropped while another owner remains.
func (s *Store) collect(k Kind, key Key, uid string) {
	d, ok := s.objs[k.Name][key]
	if !ok || d.UID() != uid {
		return
	}
	refs := d.OwnerReferences()
	var live []OwnerReference
	for _, r := range refs {
		if s.ownerExists(k, d, r) {
			live = append(live, r)
		}
	}
	if len(live) == len(refs) {
		return
	}
	if len(live) > 0 {
		next := d.DeepCopy()
		next.SetOwnerReferences(live)
		s.write(k, d, next, Options{FieldManager: "garbage-collector"}, false, "garbage collector: drop dangling owner references of", "")
		return
	}
	s.logf("garbage collector: owner of %s %s is gone", k.Name, key)
	s.Delete(k.Name, key, DeleteOptions{UID: uid})
}

func (s *Store) ownerExists(dk Kind, d Object, r OwnerReference) bool {
	ok, known := s.kinds[r.Kind]
	if !known {
		return true // not ours to judge
	}
	key := Key{Name: r.Name}
	if ok.Namespaced {
		key.Namespace = d.Namespace() // an owner is looked up in the dependent's namespace
	}
	o, exists := s.objs[r.Kind][key]
	return exists && o.UID() == r.UID
}
