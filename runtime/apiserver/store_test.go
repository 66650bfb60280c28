package apiserver_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
)

var (
	app   = apiserver.CustomKind("App", true)
	plain = apiserver.CustomKind("Plain", false)
	key   = apiserver.Key{Namespace: "default", Name: "a"}
)

func newStore(t *testing.T) *apiserver.Store {
	t.Helper()
	return apiserver.NewStore(func() time.Duration { return 0 }, nil, app, plain, apiserver.ConfigMap, apiserver.Deployment, apiserver.Namespace)
}

func create(t *testing.T, s *apiserver.Store, k apiserver.Kind, name string, fields map[string]any) apiserver.Object {
	t.Helper()
	o, err := s.Create(apiserver.New(k, "default", name, fields), apiserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func wantReason(t *testing.T, err error, reason string) {
	t.Helper()
	if apiserver.ReasonOf(err) != reason {
		t.Fatalf("error %v, want reason %q", err, reason)
	}
}

func TestResourceVersionAndConflicts(t *testing.T) {
	s := newStore(t)
	var events []apiserver.Event
	s.Watch("App", func(e apiserver.Event) { events = append(events, e) })
	o := create(t, s, app, "a", map[string]any{"spec": map[string]any{"x": "1"}})
	if o.ResourceVersion() != "1" || o.Generation() != 1 {
		t.Fatalf("created rv %s gen %d", o.ResourceVersion(), o.Generation())
	}
	stale := o.DeepCopy()
	o.Set("spec.x", "2")
	o2, err := s.Update(o, apiserver.Options{})
	if err != nil || o2.ResourceVersion() != "2" || o2.Generation() != 2 {
		t.Fatalf("update: %v rv %s gen %d", err, o2.ResourceVersion(), o2.Generation())
	}
	stale.Set("spec.x", "3")
	_, err = s.Update(stale, apiserver.Options{})
	wantReason(t, err, apiserver.ReasonConflict)
	// A custom resource refuses an update without resourceVersion.
	blind := apiserver.New(app, "default", "a", map[string]any{"spec": map[string]any{"x": "4"}})
	_, err = s.Update(blind, apiserver.Options{})
	wantReason(t, err, apiserver.ReasonInvalid)
	if !strings.Contains(err.Error(), "must be specified for an update") {
		t.Fatal(err)
	}
	// A built-in kind takes it as an unconditional update.
	create(t, s, apiserver.ConfigMap, "c", map[string]any{"data": map[string]any{"k": "1"}})
	if _, err := s.Update(apiserver.New(apiserver.ConfigMap, "default", "c", map[string]any{"data": map[string]any{"k": "2"}}), apiserver.Options{}); err != nil {
		t.Fatal(err)
	}
	// A write that changes nothing keeps the resourceVersion and emits nothing.
	n := len(events)
	o3, err := s.Update(o2.DeepCopy(), apiserver.Options{})
	if err != nil || o3.ResourceVersion() != o2.ResourceVersion() || len(events) != n {
		t.Fatalf("no-op update: %v rv %s, %d events", err, o3.ResourceVersion(), len(events)-n)
	}
	_, err = s.Create(apiserver.New(app, "default", "a", nil), apiserver.Options{})
	wantReason(t, err, apiserver.ReasonAlreadyExists)
	_, err = s.Get("App", apiserver.Key{Namespace: "default", Name: "zz"})
	wantReason(t, err, apiserver.ReasonNotFound)
}

func TestGenerationAndStatusSubresource(t *testing.T) {
	s := newStore(t)
	o := create(t, s, app, "a", map[string]any{"spec": map[string]any{"x": "1"}, "status": map[string]any{"phase": "dropped"}})
	if o.Get("status") != nil {
		t.Fatal("status on create must be dropped with the status subresource")
	}
	o.Set("status.phase", "Ready")
	o2, _ := s.Update(o, apiserver.Options{})
	if o2.String("status.phase") != "" || o2.ResourceVersion() != o.ResourceVersion() {
		t.Fatal("a main-resource write must ignore status (and, changing nothing else, store nothing)")
	}
	o.Set("spec.x", "ignored by /status")
	o3, err := s.UpdateStatus(o, apiserver.Options{})
	if err != nil || o3.String("status.phase") != "Ready" || o3.String("spec.x") != "1" || o3.Generation() != 1 {
		t.Fatalf("status update: %v %v", err, o3)
	}
	// Without the status subresource, a status change bumps the generation.
	p := create(t, s, plain, "p", map[string]any{"spec": map[string]any{"x": "1"}})
	p.Set("status.phase", "Ready")
	p2, _ := s.Update(p, apiserver.Options{})
	if p2.Generation() != 2 {
		t.Fatalf("generation %d, want 2", p2.Generation())
	}
	_, err = s.UpdateStatus(p2, apiserver.Options{})
	wantReason(t, err, apiserver.ReasonNotFound)
	// Metadata changes do not bump it.
	p2.Set("metadata.labels", map[string]any{"a": "b"})
	p3, _ := s.Update(p2, apiserver.Options{})
	if p3.Generation() != 2 || p3.ResourceVersion() == p2.ResourceVersion() {
		t.Fatalf("label change: generation %d", p3.Generation())
	}
}

func TestFinalizersAndDeletion(t *testing.T) {
	s := newStore(t)
	o := apiserver.New(app, "default", "a", nil)
	o.AddFinalizer("example.com/f")
	if _, err := s.Create(o, apiserver.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("App", key, apiserver.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	d, _ := s.Get("App", key)
	if !d.Deleting() || d.Generation() != 2 {
		t.Fatalf("delete with a finalizer: deleting %v generation %d", d.Deleting(), d.Generation())
	}
	d.AddFinalizer("example.com/new")
	_, err := s.Update(d, apiserver.Options{})
	wantReason(t, err, apiserver.ReasonInvalid)
	if !strings.Contains(err.Error(), "no new finalizers can be added if the object is being deleted") {
		t.Fatal(err)
	}
	d.RemoveFinalizer("example.com/new")
	// A copy without the deletionTimestamp keeps the stored one.
	noTS := d.DeepCopy()
	delete(noTS["metadata"].(map[string]any), "deletionTimestamp")
	noTS.Set("spec.x", "1")
	d2, err := s.Update(noTS, apiserver.Options{})
	if err != nil || !d2.Deleting() {
		t.Fatalf("update of a deleting object: %v", err)
	}
	d2.RemoveFinalizer("example.com/f")
	if _, err := s.Update(d2, apiserver.Options{}); err != nil {
		t.Fatal(err)
	}
	_, err = s.Get("App", key)
	wantReason(t, err, apiserver.ReasonNotFound)
}

func TestGarbageCollection(t *testing.T) {
	s := newStore(t)
	owner := create(t, s, app, "a", nil)
	child := apiserver.New(apiserver.ConfigMap, "default", "child", nil)
	if err := child.SetControllerReference(owner); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(child, apiserver.Options{}); err != nil {
		t.Fatal(err)
	}
	// A cluster-scoped object cannot be owned by a namespaced one.
	ns := apiserver.New(apiserver.Namespace, "", "ns", nil)
	if err := ns.SetControllerReference(owner); err == nil {
		t.Fatal("SetControllerReference must refuse a namespaced owner of a cluster-scoped object")
	}
	// Built by hand, the reference is dangling for the collector.
	ns.SetOwnerReferences([]apiserver.OwnerReference{{APIVersion: "example.com/v1", Kind: "App", Name: "a", UID: owner.UID(), Controller: true}})
	if _, err := s.Create(ns, apiserver.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("Namespace", apiserver.Key{Name: "ns"}); err == nil {
		t.Fatal("the collector must delete a cluster-scoped object whose namespaced owner it cannot find")
	}
	if err := s.Delete("App", key, apiserver.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err := s.Get("ConfigMap", apiserver.Key{Namespace: "default", Name: "child"})
	wantReason(t, err, apiserver.ReasonNotFound)
}

func TestMergePatch(t *testing.T) {
	s := newStore(t)
	o := apiserver.New(app, "default", "a", map[string]any{"spec": map[string]any{"x": "1", "y": "1"}})
	o.SetFinalizers([]string{"a", "b"})
	o, _ = s.Create(o, apiserver.Options{})
	base := o.DeepCopy()
	base.SetFinalizers([]string{"a"}) // an older copy without b
	mine := base.DeepCopy()
	mine.AddFinalizer("c")
	mine.Set("spec.x", "2")
	out, err := s.MergePatch("App", key, apiserver.CreateMergePatch(base, mine, false), apiserver.Options{}, false)
	if err != nil || !slices.Equal(out.Finalizers(), []string{"a", "c"}) || out.String("spec.y") != "1" || out.String("spec.x") != "2" {
		t.Fatalf("merge patch: %v %v %v", err, out.Finalizers(), out.Get("spec"))
	}
	_, err = s.MergePatch("App", key, apiserver.CreateMergePatch(base, mine, true), apiserver.Options{}, false)
	wantReason(t, err, apiserver.ReasonConflict)
	// MergeFrom of the object itself: the patch is empty.
	if p := apiserver.CreateMergePatch(out, out, false); len(p) != 0 {
		t.Fatalf("patch %v, want {}", p)
	}
}

func TestServerSideApply(t *testing.T) {
	s := newStore(t)
	cfg := apiserver.New(apiserver.Deployment, "default", "d", map[string]any{"spec": map[string]any{"image": "v1", "paused": true}})
	if _, err := s.Apply(cfg, "ctrl", false, false); err != nil {
		t.Fatal(err)
	}
	d, _ := s.Get("Deployment", apiserver.Key{Namespace: "default", Name: "d"})
	if d.Int("spec.replicas") != 1 {
		t.Fatal("defaulting must set replicas")
	}
	// The HPA applies replicas: nobody owns them, no conflict.
	hpa := apiserver.New(apiserver.Deployment, "default", "d", map[string]any{"spec": map[string]any{"replicas": int64(5)}})
	if _, err := s.Apply(hpa, "hpa", false, false); err != nil {
		t.Fatal(err)
	}
	// ctrl applying a different value conflicts; with force it takes over.
	cfg2 := apiserver.New(apiserver.Deployment, "default", "d", map[string]any{"spec": map[string]any{"image": "v1", "replicas": int64(2)}})
	_, err := s.Apply(cfg2, "ctrl", false, false)
	wantReason(t, err, apiserver.ReasonConflict)
	if !strings.Contains(err.Error(), `conflict with "hpa": .spec.replicas`) {
		t.Fatal(err)
	}
	out, err := s.Apply(cfg2, "ctrl", true, false)
	if err != nil || out.Int("spec.replicas") != 2 {
		t.Fatalf("force: %v", err)
	}
	// ctrl no longer sends spec.paused: removed, since only ctrl owned it.
	if out.Get("spec.paused") != nil {
		t.Fatal("a field the manager stops applying must be removed")
	}
	if m := s.Managers("Deployment", apiserver.Key{Namespace: "default", Name: "d"}); len(m["hpa"]) != 0 || !slices.Contains(m["ctrl"], "spec.replicas") {
		t.Fatalf("managers %v", m)
	}
}
