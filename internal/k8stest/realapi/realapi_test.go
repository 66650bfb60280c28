// Package realapi runs the object store model (runtime/apiserver) and the
// informer model against a real kube-apiserver v1.36.3 and etcd v3.6.8,
// started by controller-runtime's envtest from the binaries that
// internal/kubebin builds (make apiserver-test sets KUBEBUILDER_ASSETS). The
// tests skip when KUBEBUILDER_ASSETS holds no kube-apiserver.
//
// TestStoreAgainstAPIServer plays generated operation sequences on custom
// resources with and without the status subresource and on ConfigMaps, on
// the model and on the API server, and compares every error reason and the
// stored objects: fields, finalizers, deletionTimestamp, metadata.generation,
// and whether each write changed the resourceVersion.
//
// TestApplyAgainstAPIServer does the same for server-side apply by two field
// managers (conflicts, force, shared and removed fields).
//
// TestSelfTriggerUnderRealManager runs the Bad and Good reconcilers of the
// e2e module newrules (controllers.StampReconciler, OwnerStampReconciler)
// under a real manager for a few seconds and checks the counts the model
// predicts for the same reconcilers: the good one reconciles twice and writes
// once, the bad one writes on every reconcile and never stops.
package realapi_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	crcache "sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/newrules/controllers"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
	"github.com/reconcilelint/reconcilelint/runtime/cluster"
	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

var cfg *rest.Config

func TestMain(m *testing.M) {
	dir := os.Getenv("KUBEBUILDER_ASSETS")
	if _, err := os.Stat(filepath.Join(dir, "kube-apiserver")); dir == "" || err != nil {
		fmt.Println("realapi: KUBEBUILDER_ASSETS has no kube-apiserver; run make apiserver-test")
		os.Exit(m.Run())
	}
	log.SetLogger(logr.Discard())
	env := &envtest.Environment{CRDs: []*apiextensionsv1.CustomResourceDefinition{crd("App", true), crd("Plain", false)}}
	var err error
	if cfg, err = env.Start(); err != nil {
		fmt.Println("realapi: starting envtest:", err)
		os.Exit(1)
	}
	code := m.Run()
	if err := env.Stop(); err != nil {
		fmt.Println("realapi: stopping envtest:", err)
	}
	os.Exit(code)
}

func crd(kind string, status bool) *apiextensionsv1.CustomResourceDefinition {
	plural := map[string]string{"App": "apps", "Plain": "plains"}[kind]
	v := apiextensionsv1.CustomResourceDefinitionVersion{Name: "v1", Served: true, Storage: true,
		Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
			Type: "object", XPreserveUnknownFields: ptr(true)}}}
	if status {
		v.Subresources = &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}}
	}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: plural + ".example.com"},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{Group: "example.com", Scope: apiextensionsv1.NamespaceScoped,
			Names:    apiextensionsv1.CustomResourceDefinitionNames{Kind: kind, Plural: plural, ListKind: kind + "List", Singular: map[string]string{"App": "app", "Plain": "plain"}[kind]},
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{v}},
	}
}

func ptr[T any](v T) *T { return &v }

func skip(t *testing.T) {
	if cfg == nil {
		t.Skip("no kube-apiserver (KUBEBUILDER_ASSETS); run make apiserver-test")
	}
}

func newClient(t *testing.T) client.Client {
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	c, err := client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var kinds = []apiserver.Kind{apiserver.CustomKind("App", true), apiserver.CustomKind("Plain", false), apiserver.ConfigMap}

type view struct {
	Exists, Deleting bool
	Spec, Status     any
	Finalizers       []string
	Generation       int64
}

func see(o apiserver.Object, err error) (view, string) {
	if err != nil {
		return view{}, ""
	}
	spec := o.Get("spec")
	if o.Kind() == "ConfigMap" {
		spec = o.Get("data")
	}
	return view{Exists: true, Deleting: o.Deleting(), Spec: spec, Status: o.Get("status"), Finalizers: o.Finalizers(), Generation: o.Generation()}, o.ResourceVersion()
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

func realGet(c client.Client, k apiserver.Kind, ns, name string) (apiserver.Object, error) {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(schema.FromAPIVersionAndKind(k.APIVersion, k.Name))
	if err := c.Get(context.Background(), types.NamespacedName{Namespace: ns, Name: name}, u); err != nil {
		return nil, err
	}
	o := apiserver.Object(u.Object).DeepCopy()
	delete(o["metadata"].(map[string]any), "managedFields")
	return o, nil
}

func toU(o apiserver.Object) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any(o.DeepCopy())}
}

func TestStoreAgainstAPIServer(t *testing.T) {
	skip(t)
	c := newClient(t)
	ctx := context.Background()
	for seed := range uint64(30) {
		ns := fmt.Sprintf("store-%d", seed)
		if err := c.Create(ctx, toU(apiserver.New(apiserver.Namespace, "", ns, nil))); err != nil {
			t.Fatal(err)
		}
		model := apiserver.NewStore(func() time.Duration { return 0 }, nil, kinds...)
		rng := rand.New(rand.NewPCG(seed, 3))
		stale := map[string][2]apiserver.Object{}
		var log []string
		for step := range 50 {
			k := kinds[rng.IntN(len(kinds))]
			name := []string{"a", "b"}[rng.IntN(2)]
			key := apiserver.Key{Namespace: ns, Name: name}
			sk := k.Name + "/" + name
			mOld, mErr0 := model.Get(k.Name, key)
			rOld, rErr0 := realGet(c, k, ns, name)
			if reason(mErr0) != reason(rErr0) {
				t.Fatalf("seed %d step %d: get: model %v, real %v", seed, step, mErr0, rErr0)
			}
			if mErr0 == nil && (stale[sk][0] == nil || stale[sk][0].UID() != mOld.UID() || rng.IntN(3) == 0) {
				stale[sk] = [2]apiserver.Object{mOld.DeepCopy(), rOld.DeepCopy()}
			}
			field := "spec.value"
			if k.Name == "ConfigMap" {
				field = "data.value"
			}
			val := fmt.Sprintf("v%d", step)
			var op string
			var mErr, rErr error
			both := func(f func(m, r apiserver.Object)) (apiserver.Object, apiserver.Object) {
				m, r := mOld.DeepCopy(), rOld.DeepCopy()
				f(m, r)
				return m, r
			}
			switch x := rng.IntN(11); {
			case mErr0 != nil:
				op = "create"
				o := apiserver.New(k, ns, name, nil)
				o.Set(field, val)
				if k.StatusSubresource {
					o.Set("status.phase", "ignored on create")
				}
				if rng.IntN(2) == 0 {
					o.SetFinalizers([]string{"example.com/f"})
				}
				_, mErr = model.Create(o, apiserver.Options{})
				rErr = c.Create(ctx, toU(o))
				delete(stale, sk)
			case x == 0:
				op = "create (exists)"
				o := apiserver.New(k, ns, name, nil)
				_, mErr = model.Create(o, apiserver.Options{})
				rErr = c.Create(ctx, toU(o))
			case x == 1 || x == 5:
				op = "update"
				m, r := both(func(m, r apiserver.Object) { m.Set(field, val); r.Set(field, val) })
				_, mErr = model.Update(m, apiserver.Options{})
				rErr = c.Update(ctx, toU(r))
			case x == 2:
				op = "update changing nothing"
				_, mErr = model.Update(mOld.DeepCopy(), apiserver.Options{})
				rErr = c.Update(ctx, toU(rOld))
			case x == 3:
				op = "update without resourceVersion"
				m, r := both(func(m, r apiserver.Object) {
					m.Set(field, val)
					r.Set(field, val)
					m.SetResourceVersion("")
					r.SetResourceVersion("")
				})
				_, mErr = model.Update(m, apiserver.Options{})
				rErr = c.Update(ctx, toU(r))
			case x == 4:
				op = "update of a stale copy"
				st := stale[sk]
				m, r := st[0].DeepCopy(), st[1].DeepCopy()
				m.Set(field, val)
				r.Set(field, val)
				_, mErr = model.Update(m, apiserver.Options{})
				rErr = c.Update(ctx, toU(r))
			case x == 5 && k.Name != "ConfigMap": // a ConfigMap has no status (the field is dropped)
				op = "status write (main resource and /status)"
				m, r := both(func(m, r apiserver.Object) { m.Set("status.phase", val); r.Set("status.phase", val) })
				if rng.IntN(2) == 0 {
					_, mErr = model.Update(m, apiserver.Options{})
					rErr = c.Update(ctx, toU(r))
				} else {
					op = "status update (/status)"
					_, mErr = model.UpdateStatus(m, apiserver.Options{})
					rErr = c.Status().Update(ctx, toU(r))
				}
			case x == 6:
				op = "add a finalizer"
				fin := fmt.Sprintf("example.com/f%d", step)
				m, r := both(func(m, r apiserver.Object) { m.AddFinalizer(fin); r.AddFinalizer(fin) })
				_, mErr = model.Update(m, apiserver.Options{})
				rErr = c.Update(ctx, toU(r))
			case x == 7:
				op = "remove the finalizers"
				m, r := both(func(m, r apiserver.Object) { m.SetFinalizers(nil); r.SetFinalizers(nil) })
				_, mErr = model.Update(m, apiserver.Options{})
				rErr = c.Update(ctx, toU(r))
			case x == 8:
				op = "delete"
				mErr = model.Delete(k.Name, key, apiserver.DeleteOptions{})
				rErr = c.Delete(ctx, toU(rOld))
			case x == 9:
				op = "merge patch of a stale copy"
				st := stale[sk]
				m, r := st[0].DeepCopy(), st[1].DeepCopy()
				m.Set(field, val)
				r.Set(field, val)
				m.SetFinalizers(append(m.Finalizers(), "example.com/p"))
				r.SetFinalizers(append(r.Finalizers(), "example.com/p"))
				_, mErr = model.MergePatch(k.Name, key, apiserver.CreateMergePatch(st[0], m, false), apiserver.Options{}, false)
				rErr = c.Patch(ctx, toU(r), client.MergeFrom(toU(st[1])))
			default:
				op = "merge patch with optimistic lock of a stale copy"
				st := stale[sk]
				m, r := st[0].DeepCopy(), st[1].DeepCopy()
				m.Set(field, val)
				r.Set(field, val)
				_, mErr = model.MergePatch(k.Name, key, apiserver.CreateMergePatch(st[0], m, true), apiserver.Options{}, false)
				rErr = c.Patch(ctx, toU(r), client.MergeFromWithOptions(toU(st[1]), client.MergeFromWithOptimisticLock{}))
			}
			log = append(log, fmt.Sprintf("%d %s %s %s: model %v; real %v", step, k.Name, name, op, mErr, rErr))
			if reason(mErr) != reason(rErr) {
				t.Fatalf("seed %d step %d %s %s %s: model error %v, real error %v\n%v", seed, step, k.Name, name, op, mErr, rErr, log)
			}
			mNew, mErr1 := model.Get(k.Name, key)
			rNew, rErr1 := realGet(c, k, ns, name)
			mv, mRV := see(mNew, mErr1)
			rv, rRV := see(rNew, rErr1)
			_, mRV0 := see(mOld, mErr0)
			_, rRV0 := see(rOld, rErr0)
			if !reflect.DeepEqual(mv, rv) || (mRV != mRV0) != (rRV != rRV0) {
				t.Fatalf("seed %d step %d %s %s %s:\nmodel %+v (resourceVersion changed %v)\nreal  %+v (resourceVersion changed %v)\n%v",
					seed, step, k.Name, name, op, mv, mRV != mRV0, rv, rRV != rRV0, log)
			}
		}
	}
}

// TestSelfTriggerUnderRealManager runs the Bad and the Good reconciler of
// the e2e module newrules (StampReconciler writes a fresh time into a
// ConfigMap annotation on every pass; OwnerStampReconciler writes only a
// change) under a real manager for a few seconds, and the same reconcilers
// written against the model (runtime/cluster) for the same time, and
// compares the counts: reconciles, writes, conflicts.
func TestSelfTriggerUnderRealManager(t *testing.T) {
	skip(t)
	const window = 3 * time.Second
	for _, bad := range []bool{true, false} {
		name := map[bool]string{true: "bad", false: "good"}[bad]
		t.Run(name, func(t *testing.T) {
			model := modelStamp(bad, window)
			real := realStamp(t, bad, "stamp-"+name, window)
			t.Logf("%s: model %+v, real %+v (in %s)", name, model, real, window)
			if bad {
				// The model: a write per reconcile, no conflict, until the
				// process stops; the rate depends on the watch latency, so
				// only its order is compared.
				if real.writes < real.reconciles-2 || real.reconciles < 10 || model.writes < model.reconciles-1 || real.conflicts > real.writes/10 {
					t.Fatalf("bad: real %+v does not show the loop the model predicts (%+v)", real, model)
				}
				return
			}
			if real != model {
				t.Fatalf("good: real %+v, model %+v", real, model)
			}
		})
	}
}

type counts struct{ reconciles, writes, conflicts int }

// modelStamp is the model's run of the two reconcilers.
func modelStamp(bad bool, window time.Duration) counts {
	w := cluster.New(cluster.Options{})
	w.For("", apiserver.ConfigMap)
	w.Seed(apiserver.New(apiserver.ConfigMap, "default", "cm", nil))
	rep := w.Run(controller.Scenario{
		Horizon: window,
		Reconciler: func(c *controller.Ctx, r controller.Request) (controller.Result, error) {
			cm, err := w.GetReq(c, apiserver.ConfigMap, r)
			if err != nil {
				return controller.Result{}, nil
			}
			if bad {
				cm.Set("metadata.annotations", map[string]any{"example.com/last-seen": fmt.Sprint(c.Now())})
				return controller.Result{}, w.Update(c, cm)
			}
			if cm.String("data.owner") == "newrules" {
				return controller.Result{}, nil
			}
			cm.Set("data.owner", "newrules")
			return controller.Result{}, w.Update(c, cm)
		},
	})
	return counts{rep.Stats.Reconciles, rep.Stats.Counters["API writes"], rep.Stats.Counters["conflicts"]}
}

// realStamp runs the e2e module's reconciler under a real manager.
func realStamp(t *testing.T, bad bool, ns string, window time.Duration) counts {
	c := newClient(t)
	ctx := context.Background()
	if err := c.Create(ctx, toU(apiserver.New(apiserver.Namespace, "", ns, nil))); err != nil {
		t.Fatal(err)
	}
	var writes, conflicts, reconciles atomic.Int64
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Metrics: server.Options{BindAddress: "0"},
		Cache:   crcache.Options{DefaultNamespaces: map[string]crcache.Config{ns: {}}},
		NewClient: func(config *rest.Config, options client.Options) (client.Client, error) {
			inner, err := client.NewWithWatch(config, options)
			if err != nil {
				return nil, err
			}
			return interceptor.NewClient(inner, interceptor.Funcs{
				Update: func(ctx context.Context, cl client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
					err := cl.Update(ctx, obj, opts...)
					switch {
					case err == nil:
						writes.Add(1)
					case apierrors.IsConflict(err):
						conflicts.Add(1)
					}
					return err
				},
			}), nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var inner reconcile.Reconciler = &controllers.OwnerStampReconciler{Client: mgr.GetClient()}
	if bad {
		inner = &controllers.StampReconciler{Client: mgr.GetClient()}
	}
	r := reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		reconciles.Add(1)
		return inner.Reconcile(ctx, req)
	})
	if err := ctrl.NewControllerManagedBy(mgr).Named(ns).For(&corev1.ConfigMap{}).Complete(r); err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- mgr.Start(runCtx) }()
	if !mgr.GetCache().WaitForCacheSync(runCtx) {
		t.Fatal("cache did not sync")
	}
	// The model creates the ConfigMap before the informers list; here the
	// manager is already running: the first reconcile comes from the
	// create event instead of the initial list, which counts the same.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "cm"}}
	if err := c.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	time.Sleep(window)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return counts{int(reconciles.Load()), int(writes.Load()), int(conflicts.Load())}
}

// TestApplyAgainstAPIServer: server-side apply by two field managers of
// random subsets of a ConfigMap's data keys, with and without force, on the
// model and on the API server: the same conflicts and the same data.
func TestApplyAgainstAPIServer(t *testing.T) {
	skip(t)
	c := newClient(t)
	ctx := context.Background()
	for seed := range uint64(15) {
		ns := fmt.Sprintf("apply-%d", seed)
		if err := c.Create(ctx, toU(apiserver.New(apiserver.Namespace, "", ns, nil))); err != nil {
			t.Fatal(err)
		}
		model := apiserver.NewStore(func() time.Duration { return 0 }, nil, kinds...)
		rng := rand.New(rand.NewPCG(seed, 5))
		var log []string
		for step := range 25 {
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
			cfg := apiserver.New(apiserver.ConfigMap, ns, "cm", map[string]any{"data": data})
			_, mErr := model.Apply(cfg, manager, force, false)
			opts := []client.PatchOption{client.FieldOwner(manager)}
			if force {
				opts = append(opts, client.ForceOwnership)
			}
			//lint:ignore SA1019 the apply patch type sends the unstructured object as it is, on every release users run
			rErr := c.Patch(ctx, toU(cfg), client.Apply, opts...)
			log = append(log, fmt.Sprintf("%d %s force=%v %v: model %v; real %v", step, manager, force, data, mErr, rErr))
			if reason(mErr) != reason(rErr) {
				t.Fatalf("seed %d step %d: model %v, real %v\n%v", seed, step, mErr, rErr, log)
			}
			m, _ := model.Get("ConfigMap", apiserver.Key{Namespace: ns, Name: "cm"})
			r, _ := realGet(c, apiserver.ConfigMap, ns, "cm")
			if !reflect.DeepEqual(m.Get("data"), r.Get("data")) {
				t.Fatalf("seed %d step %d: model data %v, real data %v\n%v", seed, step, m.Get("data"), r.Get("data"), log)
			}
		}
	}
}
