// This file compares the object store model (runtime/apiserver) with
// controller-runtime v0.24.1's fake client on generated operation sequences:
// create, get, update with the current, a stale or no resourceVersion, status
// update, merge patch with and without optimistic lock, finalizers and
// deletion, on a kind without the status subresource (ConfigMap) and one with
// it (Deployment). After every operation both must agree on the error reason
// and on the stored objects (their fields, finalizers, whether a
// deletionTimestamp is set, whether the write changed the resourceVersion).
//
// Not compared, because the fake client does not implement them (the real
// API server does, and the model follows it; see apiserver_test.go for the
// comparison with a real kube-apiserver): resourceVersion values (the fake
// keeps a counter per object, the API server one for the store),
// metadata.generation, writes that change nothing (the fake bumps the
// resourceVersion; the API server does not), and the refusal of new
// finalizers on an object being deleted. Every write below changes a value,
// so the comparison of "changed the resourceVersion" holds for both.
package apiserver_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
)

// Kinds as the fake client serves them: the model's Deployment without the
// API server's defaulting (the fake client does not default).
var (
	cmKind  = apiserver.ConfigMap
	depKind = apiserver.Kind{Name: "Deployment", APIVersion: "apps/v1", Resource: "deployments.apps", Namespaced: true, StatusSubresource: true}
)

// field is the field an operation writes for each kind.
func field(k apiserver.Kind, status bool) string {
	switch {
	case k.Name == "ConfigMap":
		return "data.value"
	case status:
		return "status.replicas"
	default:
		return "spec.replicas"
	}
}

func value(k apiserver.Kind, n int) any {
	if k.Name == "ConfigMap" {
		return fmt.Sprintf("v%d", n)
	}
	return int64(n)
}

type pair struct {
	model *apiserver.Store
	fake  client.Client
	// last read of each object, by both, for stale writes
	stale map[string][2]apiserver.Object
	n     int
	log   []string
}

func newPair() *pair {
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		panic(err)
	}
	dep := &unstructured.Unstructured{}
	dep.SetAPIVersion("apps/v1")
	dep.SetKind("Deployment")
	fc := fake.NewClientBuilder().WithScheme(scheme).WithStatusSubresource(dep).Build()
	return &pair{model: apiserver.NewStore(func() time.Duration { return 0 }, nil, cmKind, depKind), fake: fc, stale: map[string][2]apiserver.Object{}}
}

func toU(o apiserver.Object) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any(o.DeepCopy())}
}

func fromU(u *unstructured.Unstructured) apiserver.Object {
	return apiserver.Object(u.Object).DeepCopy()
}

func (p *pair) fakeGet(k apiserver.Kind, name string) (apiserver.Object, error) {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion(k.APIVersion)
	u.SetKind(k.Name)
	err := p.fake.Get(context.Background(), types.NamespacedName{Namespace: "default", Name: name}, u)
	if err != nil {
		return nil, err
	}
	return fromU(u), nil
}

// view is what is compared of a stored object.
type view struct {
	Exists, Deleting bool
	Value            any
	Status           any
	Finalizers       []string
	RV               string // only to tell whether it changed
}

func see(o apiserver.Object, err error, k apiserver.Kind) view {
	if err != nil {
		return view{}
	}
	v := view{Exists: true, Deleting: o.Deleting(), Value: o.Get(field(k, false)), Finalizers: o.Finalizers(), RV: o.ResourceVersion()}
	if k.StatusSubresource {
		v.Status = o.Get(field(k, true))
	}
	return v
}

func reason(err error) string {
	if err == nil {
		return ""
	}
	if r := apiserver.ReasonOf(err); r != "" {
		return r
	}
	return string(apierrors.ReasonForError(err))
}

// step runs one operation on both and compares.
func (p *pair) step(t *testing.T, rng *rand.Rand) {
	t.Helper()
	k := cmKind
	if rng.IntN(2) == 0 {
		k = depKind
	}
	name := []string{"a", "b"}[rng.IntN(2)]
	key := apiserver.Key{Namespace: "default", Name: name}
	p.n++
	ctx := context.Background()
	mOld, mErr0 := p.model.Get(k.Name, key)
	fOld, fErr0 := p.fakeGet(k, name)
	if reason(mErr0) != reason(fErr0) {
		t.Fatalf("get before step %d: model %v, fake %v", p.n, mErr0, fErr0)
	}
	sk := k.Name + "/" + name
	if mErr0 == nil && (p.stale[sk][0] == nil || p.stale[sk][0].UID() != mOld.UID() || rng.IntN(3) == 0) {
		p.stale[sk] = [2]apiserver.Object{mOld.DeepCopy(), fOld.DeepCopy()}
	}
	var op string
	var mErr, fErr error
	switch x := rng.IntN(10); {
	case x == 0 || mErr0 != nil && x < 4:
		op = "create"
		o := apiserver.New(k, "default", name, nil)
		o.Set(field(k, false), value(k, p.n))
		if rng.IntN(3) == 0 {
			o.SetFinalizers([]string{"example.com/f1"})
		}
		_, mErr = p.model.Create(o, apiserver.Options{})
		fErr = p.fake.Create(ctx, toU(o))
		if mErr == nil {
			// A stale copy of an earlier object of the same name: the fake
			// client's per-object resourceVersion could match it again.
			delete(p.stale, sk)
		}
	case mErr0 != nil:
		op = "delete (missing)"
		mErr = p.model.Delete(k.Name, key, apiserver.DeleteOptions{})
		fErr = p.fake.Delete(ctx, toU(apiserver.New(k, "default", name, nil)))
	case x == 1:
		op = "update (current resourceVersion)"
		m, f := mOld.DeepCopy(), fOld.DeepCopy()
		m.Set(field(k, false), value(k, p.n))
		f.Set(field(k, false), value(k, p.n))
		_, mErr = p.model.Update(m, apiserver.Options{})
		fErr = p.fake.Update(ctx, toU(f))
	case x == 2:
		op = "update (stale resourceVersion)"
		st := p.stale[sk]
		m, f := st[0].DeepCopy(), st[1].DeepCopy()
		m.Set(field(k, false), value(k, p.n))
		f.Set(field(k, false), value(k, p.n))
		_, mErr = p.model.Update(m, apiserver.Options{})
		fErr = p.fake.Update(ctx, toU(f))
	case x == 3 && k.StatusSubresource:
		op = "status update"
		m, f := mOld.DeepCopy(), fOld.DeepCopy()
		m.Set(field(k, true), value(k, p.n))
		f.Set(field(k, true), value(k, p.n))
		m.Set(field(k, false), value(k, p.n+1000)) // ignored by /status
		f.Set(field(k, false), value(k, p.n+1000))
		_, mErr = p.model.UpdateStatus(m, apiserver.Options{})
		fErr = p.fake.Status().Update(ctx, toU(f))
	case x == 3:
		op = "update without resourceVersion (built-in kind: unconditional)"
		m, f := mOld.DeepCopy(), fOld.DeepCopy()
		m.SetResourceVersion("")
		f.SetResourceVersion("")
		m.Set(field(k, false), value(k, p.n))
		f.Set(field(k, false), value(k, p.n))
		_, mErr = p.model.Update(m, apiserver.Options{})
		fErr = p.fake.Update(ctx, toU(f))
	case x == 4:
		op = "main-resource update that also changes status"
		m, f := mOld.DeepCopy(), fOld.DeepCopy()
		m.Set(field(k, false), value(k, p.n))
		f.Set(field(k, false), value(k, p.n))
		if k.StatusSubresource {
			m.Set(field(k, true), value(k, p.n))
			f.Set(field(k, true), value(k, p.n))
		}
		_, mErr = p.model.Update(m, apiserver.Options{})
		fErr = p.fake.Update(ctx, toU(f))
	case x == 5:
		op = "delete"
		mErr = p.model.Delete(k.Name, key, apiserver.DeleteOptions{})
		fErr = p.fake.Delete(ctx, toU(fOld))
	case x == 6 && !mOld.Deleting():
		op = "add a finalizer"
		m, f := mOld.DeepCopy(), fOld.DeepCopy()
		fin := fmt.Sprintf("example.com/f%d", p.n)
		m.AddFinalizer(fin)
		f.AddFinalizer(fin)
		_, mErr = p.model.Update(m, apiserver.Options{})
		fErr = p.fake.Update(ctx, toU(f))
	case x == 6 || x == 7:
		op = "remove the first finalizer"
		m, f := mOld.DeepCopy(), fOld.DeepCopy()
		if len(m.Finalizers()) == 0 {
			m.Set(field(k, false), value(k, p.n))
			f.Set(field(k, false), value(k, p.n))
		} else {
			m.SetFinalizers(m.Finalizers()[1:])
			f.SetFinalizers(f.Finalizers()[1:])
		}
		_, mErr = p.model.Update(m, apiserver.Options{})
		fErr = p.fake.Update(ctx, toU(f))
	case x == 8:
		op = "merge patch (client.MergeFrom of the stale copy)"
		st := p.stale[sk]
		m, f := st[0].DeepCopy(), st[1].DeepCopy()
		m.Set(field(k, false), value(k, p.n))
		f.Set(field(k, false), value(k, p.n))
		_, mErr = p.model.MergePatch(k.Name, key, apiserver.CreateMergePatch(st[0], m, false), apiserver.Options{}, false)
		fErr = p.fake.Patch(ctx, toU(f), client.MergeFrom(toU(st[1])))
	default:
		op = "merge patch with optimistic lock (of the stale copy)"
		st := p.stale[sk]
		m, f := st[0].DeepCopy(), st[1].DeepCopy()
		m.Set(field(k, false), value(k, p.n))
		f.Set(field(k, false), value(k, p.n))
		_, mErr = p.model.MergePatch(k.Name, key, apiserver.CreateMergePatch(st[0], m, true), apiserver.Options{}, false)
		fErr = p.fake.Patch(ctx, toU(f), client.MergeFromWithOptions(toU(st[1]), client.MergeFromWithOptimisticLock{}))
	}
	p.log = append(p.log, fmt.Sprintf("%d %s %s: %s (model %v, fake %v)", p.n, k.Name, name, op, mErr, fErr))
	if reason(mErr) != reason(fErr) && !fakeImmutable(mOld, mErr, fErr) {
		t.Fatalf("step %d %s %s %s: model error %v, fake error %v\n%v", p.n, k.Name, name, op, mErr, fErr, p.log)
	}
	mNew, mErr1 := p.model.Get(k.Name, key)
	fNew, fErr1 := p.fakeGet(k, name)
	mv, fv := see(mNew, mErr1, k), see(fNew, fErr1, k)
	mChanged, fChanged := mv.RV != see(mOld, mErr0, k).RV, fv.RV != see(fOld, fErr0, k).RV
	mv.RV, fv.RV = "", ""
	if op == "delete" && mOld.Deleting() {
		// The fake rewrites an object already being deleted; the API
		// server does not. Copies taken before are stale for the fake only.
		fChanged = mChanged
		delete(p.stale, sk)
	}
	if !reflect.DeepEqual(mv, fv) || mChanged != fChanged {
		t.Fatalf("step %d %s %s %s:\nmodel %+v (resourceVersion changed %v)\nfake  %+v (resourceVersion changed %v)\n%v", p.n, k.Name, name, op, mv, mChanged, fv, fChanged, p.log)
	}
}

func TestStoreAgainstFakeClient(t *testing.T) {
	for seed := range uint64(15) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			p := newPair()
			rng := rand.New(rand.NewPCG(seed, 7))
			for range 60 {
				p.step(t, rng)
			}
		})
	}
}

// fakeImmutable: an update of an object being deleted from a copy that has no
// deletionTimestamp. The API server copies the stored deletionTimestamp into
// the update (rest.BeforeUpdate) and checks the resourceVersion first; the
// fake client refuses the update as a change of an immutable field. Both
// refuse a stale copy.
func fakeImmutable(old apiserver.Object, mErr, fErr error) bool {
	return old != nil && old.Deleting() && mErr != nil && fErr != nil &&
		strings.Contains(fErr.Error(), "metadata.deletionTimestamp field is immutable")
}

// TestApplyAgainstFakeClient compares server-side apply: two field managers
// apply random subsets of a ConfigMap's data keys with random values, with
// or without force. After each apply, the error reason (a conflict or none)
// and the stored data must agree: conflicts on fields another manager owns
// with a different value, ownership taken over by force or shared on equal
// values, fields a manager stops applying removed unless another owns them.
// The fake client runs the real structured-merge-diff code.
func TestApplyAgainstFakeClient(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			p := newPair()
			rng := rand.New(rand.NewPCG(seed, 5))
			ctx := context.Background()
			key := apiserver.Key{Namespace: "default", Name: "cm"}
			var log []string
			for step := range 30 {
				manager := []string{"m1", "m2"}[rng.IntN(2)]
				force := rng.IntN(3) == 0
				data := map[string]any{}
				for _, k := range []string{"a", "b", "c"} {
					if rng.IntN(2) == 0 {
						data[k] = []string{"x", "y"}[rng.IntN(2)]
					}
				}
				if len(data) == 0 {
					data["a"] = "x"
				}
				cfg := apiserver.New(cmKind, "default", "cm", map[string]any{"data": data})
				_, mErr := p.model.Apply(cfg, manager, force, false)
				opts := []client.PatchOption{client.FieldOwner(manager)}
				if force {
					opts = append(opts, client.ForceOwnership)
				}
				//lint:ignore SA1019 the apply patch type sends the unstructured object as it is, on every release users run
				fErr := p.fake.Patch(ctx, toU(cfg), client.Apply, opts...)
				log = append(log, fmt.Sprintf("%d %s force=%v %v: model %v; fake %v", step, manager, force, data, mErr, fErr))
				if reason(mErr) != reason(fErr) {
					t.Fatalf("step %d: model %v, fake %v\n%s", step, mErr, fErr, strings.Join(log, "\n"))
				}
				m, _ := p.model.Get("ConfigMap", key)
				f, _ := p.fakeGet(cmKind, "cm")
				if !reflect.DeepEqual(m.Get("data"), f.Get("data")) {
					t.Fatalf("step %d: model data %v, fake data %v\n%s", step, m.Get("data"), f.Get("data"), strings.Join(log, "\n"))
				}
			}
		})
	}
}
