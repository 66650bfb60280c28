// Package apiserver models the object store of the Kubernetes API server in
// virtual time, at the granularity reconcilelint's rules need: a
// resourceVersion per write (one counter for the whole store, like etcd's
// revision), optimistic concurrency, metadata.generation, the status
// subresource, finalizers and deletionTimestamp, owner references with
// background garbage collection, JSON merge patch, optimistic-lock patches and
// server-side apply with field managers, and the API server's error statuses
// (NotFound, AlreadyExists, Conflict, Invalid).
//
// Objects are JSON trees (map[string]any with string, int64, bool, nil,
// []any and map[string]any values), the shape of an unstructured object, so
// that the differential tests can hand them to the real API server as they
// are. The store reports every change to its watchers synchronously; the
// informers of package runtime/cluster add the delivery lag.
package apiserver

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Object is one API object: a JSON tree with apiVersion, kind, metadata and
// the kind's own fields (spec, status, data, ...).
type Object map[string]any

// Key names an object within its kind.
type Key struct {
	Namespace, Name string
}

func (k Key) String() string {
	if k.Namespace == "" {
		return k.Name
	}
	return k.Namespace + "/" + k.Name
}

// OwnerReference is one entry of metadata.ownerReferences.
type OwnerReference struct {
	APIVersion, Kind, Name, UID string
	Controller                  bool
}

// New returns an object of kind with the given key and top-level fields.
func New(kind Kind, ns, name string, fields map[string]any) Object {
	o := Object{"apiVersion": kind.APIVersion, "kind": kind.Name, "metadata": map[string]any{"name": name}}
	if ns != "" {
		o.meta()["namespace"] = ns
	}
	for k, v := range fields {
		o[k] = DeepCopyValue(v)
	}
	return o
}

// DeepCopy returns a copy that shares nothing with o.
func (o Object) DeepCopy() Object {
	if o == nil {
		return nil
	}
	return DeepCopyValue(map[string]any(o)).(map[string]any)
}

// DeepCopyValue copies a JSON value.
func DeepCopyValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = DeepCopyValue(x)
		}
		return m
	case Object:
		return DeepCopyValue(map[string]any(v))
	case []any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = DeepCopyValue(x)
		}
		return l
	case []string:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = x
		}
		return l
	case int:
		return int64(v)
	default:
		return v
	}
}

func (o Object) meta() map[string]any {
	if o == nil {
		return map[string]any{}
	}
	m, ok := o["metadata"].(map[string]any)
	if !ok {
		m = map[string]any{}
		o["metadata"] = m
	}
	return m
}

func (o Object) metaString(k string) string {
	s, _ := o.meta()[k].(string)
	return s
}

func (o Object) setMeta(k string, v any) {
	if v == nil || v == "" {
		delete(o.meta(), k)
		return
	}
	o.meta()[k] = v
}

// Kind returns the kind field.
func (o Object) Kind() string { s, _ := o["kind"].(string); return s }

// Name returns metadata.name.
func (o Object) Name() string { return o.metaString("name") }

// GenerateName returns metadata.generateName.
func (o Object) GenerateName() string { return o.metaString("generateName") }

// Namespace returns metadata.namespace.
func (o Object) Namespace() string { return o.metaString("namespace") }

// Key returns the object's namespace and name.
func (o Object) Key() Key { return Key{o.Namespace(), o.Name()} }

// UID returns metadata.uid.
func (o Object) UID() string { return o.metaString("uid") }

// ResourceVersion returns metadata.resourceVersion.
func (o Object) ResourceVersion() string { return o.metaString("resourceVersion") }

// SetResourceVersion sets metadata.resourceVersion ("" removes it).
func (o Object) SetResourceVersion(rv string) { o.setMeta("resourceVersion", rv) }

// Generation returns metadata.generation (0 when unset).
func (o Object) Generation() int64 { n, _ := o.meta()["generation"].(int64); return n }

// DeletionTimestamp returns metadata.deletionTimestamp ("" when not deleting).
func (o Object) DeletionTimestamp() string { return o.metaString("deletionTimestamp") }

// Deleting reports whether metadata.deletionTimestamp is set.
func (o Object) Deleting() bool { return o.DeletionTimestamp() != "" }

// Finalizers returns metadata.finalizers.
func (o Object) Finalizers() []string { return strings1(o.meta()["finalizers"]) }

// SetFinalizers replaces metadata.finalizers.
func (o Object) SetFinalizers(f []string) {
	if len(f) == 0 {
		delete(o.meta(), "finalizers")
		return
	}
	o.meta()["finalizers"] = DeepCopyValue(f)
}

// AddFinalizer adds f unless present, like controllerutil.AddFinalizer, and
// reports whether it changed the object.
func (o Object) AddFinalizer(f string) bool {
	fs := o.Finalizers()
	if slices.Contains(fs, f) {
		return false
	}
	o.SetFinalizers(append(fs, f))
	return true
}

// RemoveFinalizer removes f, like controllerutil.RemoveFinalizer, and reports
// whether it changed the object.
func (o Object) RemoveFinalizer(f string) bool {
	fs := o.Finalizers()
	i := slices.Index(fs, f)
	if i < 0 {
		return false
	}
	o.SetFinalizers(slices.Delete(fs, i, i+1))
	return true
}

// Labels returns metadata.labels.
func (o Object) Labels() map[string]string {
	m, _ := o.meta()["labels"].(map[string]any)
	out := map[string]string{}
	for k, v := range m {
		out[k], _ = v.(string)
	}
	return out
}

// OwnerReferences returns metadata.ownerReferences.
func (o Object) OwnerReferences() []OwnerReference {
	l, _ := o.meta()["ownerReferences"].([]any)
	var out []OwnerReference
	for _, x := range l {
		m, _ := x.(map[string]any)
		r := OwnerReference{}
		r.APIVersion, _ = m["apiVersion"].(string)
		r.Kind, _ = m["kind"].(string)
		r.Name, _ = m["name"].(string)
		r.UID, _ = m["uid"].(string)
		r.Controller, _ = m["controller"].(bool)
		out = append(out, r)
	}
	return out
}

// SetOwnerReferences replaces metadata.ownerReferences.
func (o Object) SetOwnerReferences(refs []OwnerReference) {
	if len(refs) == 0 {
		delete(o.meta(), "ownerReferences")
		return
	}
	l := make([]any, len(refs))
	for i, r := range refs {
		m := map[string]any{"apiVersion": r.APIVersion, "kind": r.Kind, "name": r.Name, "uid": r.UID}
		if r.Controller {
			m["controller"] = true
			m["blockOwnerDeletion"] = true
		}
		l[i] = m
	}
	o.meta()["ownerReferences"] = l
}

// SetControllerReference makes owner the controller of o, like
// controllerutil.SetControllerReference (it refuses what controller-runtime
// refuses: a second controller, a namespaced owner of a cluster-scoped
// object, an owner in another namespace).
func (o Object) SetControllerReference(owner Object) error {
	return o.setOwner(owner, true)
}

// SetOwnerReference adds a non-controller reference to owner, like
// controllerutil.SetOwnerReference.
func (o Object) SetOwnerReference(owner Object) error {
	return o.setOwner(owner, false)
}

func (o Object) setOwner(owner Object, controller bool) error {
	if ons := owner.Namespace(); ons != "" && ons != o.Namespace() {
		if o.Namespace() == "" {
			return fmt.Errorf("cluster-scoped resource must not have a namespace-scoped owner, owner's namespace %s", ons)
		}
		return fmt.Errorf("cross-namespace owner references are disallowed, owner's namespace %s, obj's namespace %s", ons, o.Namespace())
	}
	refs := o.OwnerReferences()
	ref := OwnerReference{APIVersion: str(owner["apiVersion"]), Kind: owner.Kind(), Name: owner.Name(), UID: owner.UID(), Controller: controller}
	for i, r := range refs {
		if controller && r.Controller && r.UID != ref.UID {
			return fmt.Errorf("object %s is already owned by another %s controller %s", o.Key(), r.Kind, r.Name)
		}
		if r.Kind == ref.Kind && r.Name == ref.Name && strings.Split(r.APIVersion, "/")[0] == strings.Split(ref.APIVersion, "/")[0] {
			refs[i] = ref
			o.SetOwnerReferences(refs)
			return nil
		}
	}
	o.SetOwnerReferences(append(refs, ref))
	return nil
}

// Get returns the value at a dotted path ("spec.replicas").
func (o Object) Get(path string) any {
	var cur any = map[string]any(o)
	for _, p := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	return cur
}

// Set sets the value at a dotted path, creating maps on the way.
func (o Object) Set(path string, v any) {
	parts := strings.Split(path, ".")
	m := map[string]any(o)
	for _, p := range parts[:len(parts)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	m[parts[len(parts)-1]] = DeepCopyValue(v)
}

// Int returns the int64 at path (0 if absent).
func (o Object) Int(path string) int64 { n, _ := o.Get(path).(int64); return n }

// String returns the string at path ("" if absent).
func (o Object) String(path string) string { return str(o.Get(path)) }

// Conditions returns status.conditions as type → status, in order.
func (o Object) Conditions() []Condition {
	l, _ := o.Get("status.conditions").([]any)
	var out []Condition
	for _, x := range l {
		m, _ := x.(map[string]any)
		og, _ := m["observedGeneration"].(int64)
		out = append(out, Condition{Type: str(m["type"]), Status: str(m["status"]), Reason: str(m["reason"]), ObservedGeneration: og})
	}
	return out
}

// Condition is the part of a metav1.Condition the scenarios use
// (ObservedGeneration 0: not set).
type Condition struct {
	Type, Status, Reason string
	ObservedGeneration   int64
}

// SetCondition sets a condition in status.conditions, replacing the one of
// the same type in place, like meta.SetStatusCondition.
func (o Object) SetCondition(c Condition) {
	l, _ := o.Get("status.conditions").([]any)
	m := map[string]any{"type": c.Type, "status": c.Status, "reason": c.Reason}
	if c.ObservedGeneration != 0 {
		m["observedGeneration"] = c.ObservedGeneration
	}
	for i, x := range l {
		if xm, _ := x.(map[string]any); str(xm["type"]) == c.Type {
			l[i] = m
			o.Set("status.conditions", l)
			return
		}
	}
	o.Set("status.conditions", append(l, m))
}

func str(v any) string { s, _ := v.(string); return s }

func strings1(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, x := range l {
		out = append(out, str(x))
	}
	return out
}

// equal compares two JSON values.
func equal(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok || !equal(v, w) {
				return false
			}
		}
		return true
	case []any:
		bl, ok := b.([]any)
		if !ok || len(a) != len(bl) {
			return false
		}
		for i := range a {
			if !equal(a[i], bl[i]) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}

// Equal reports whether two objects are the same JSON tree.
func Equal(a, b Object) bool { return equal(map[string]any(a), map[string]any(b)) }

// without returns a shallow copy of o without the given top-level fields.
func without(o Object, fields ...string) map[string]any {
	m := maps.Clone(map[string]any(o))
	for _, f := range fields {
		delete(m, f)
	}
	return m
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
