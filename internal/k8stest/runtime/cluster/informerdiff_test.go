// This file compares the informer model (runtime/cluster) with client-go
// v0.36's shared informer (tools/cache) fed by a fake watch
// (tools/cache/testing.FakeControllerSource), on generated sequences of
// creates, updates and deletes of ConfigMaps, with objects present before the
// informer starts and a second handler registered while it runs. Both must
// deliver the same handler calls in the same order: the kind (add, update,
// delete), the object, the old object's value for an update, and
// isInInitialList for an add (true for the initial list, and for the replay
// a handler registered later receives).
//
// Not compared: the resync (client-go's runs on the wall clock; the model's
// resync is checked by its own tests) and timing (the model delivers each
// event after its watch lag; the fake watch delivers as fast as it can).
package cluster_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
	fcache "k8s.io/client-go/tools/cache/testing"

	"github.com/reconcilelint/reconcilelint/runtime/apiserver"
	"github.com/reconcilelint/reconcilelint/runtime/cluster"
	"github.com/reconcilelint/reconcilelint/runtime/controller"
)

type op struct {
	kind  string // create, update, delete
	name  string
	value string
}

type call struct {
	Handler int
	Kind    string
	Name    string
	Value   string
	Old     string
	Initial bool
}

// script generates operations that are valid in sequence.
func script(seed uint64, n int) (initial []op, ops []op, late int) {
	rng := rand.New(rand.NewPCG(seed, 11))
	live := map[string]bool{}
	for i := range 1 + rng.IntN(3) {
		name := fmt.Sprintf("cm-%d", i)
		initial = append(initial, op{"create", name, "v0"})
		live[name] = true
	}
	for i := range n {
		name := fmt.Sprintf("cm-%d", rng.IntN(5))
		v := fmt.Sprintf("v%d", i+1)
		switch {
		case !live[name]:
			ops = append(ops, op{"create", name, v})
			live[name] = true
		case rng.IntN(3) == 0:
			ops = append(ops, op{"delete", name, ""})
			delete(live, name)
		default:
			ops = append(ops, op{"update", name, v})
		}
	}
	return initial, ops, rng.IntN(n + 1)
}

func cm(name, value string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name}, Data: map[string]string{"value": value}}
}

func runReal(t *testing.T, initial, ops []op, late int) []call {
	src := fcache.NewFakeControllerSource()
	objs := map[string]*corev1.ConfigMap{}
	for _, o := range initial {
		objs[o.name] = cm(o.name, o.value)
		src.Add(objs[o.name])
	}
	inf := cache.NewSharedIndexInformer(src, &corev1.ConfigMap{}, 0, cache.Indexers{})
	var mu sync.Mutex
	var calls []call
	handler := func(h int) cache.ResourceEventHandler {
		return cache.ResourceEventHandlerDetailedFuncs{
			AddFunc: func(obj any, initial bool) {
				c := obj.(*corev1.ConfigMap)
				mu.Lock()
				calls = append(calls, call{h, "add", c.Name, c.Data["value"], "", initial})
				mu.Unlock()
			},
			UpdateFunc: func(oldObj, newObj any) {
				o, n := oldObj.(*corev1.ConfigMap), newObj.(*corev1.ConfigMap)
				mu.Lock()
				calls = append(calls, call{h, "update", n.Name, n.Data["value"], o.Data["value"], false})
				mu.Unlock()
			},
			DeleteFunc: func(obj any) {
				if d, ok := obj.(cache.DeletedFinalStateUnknown); ok {
					obj = d.Obj
				}
				c := obj.(*corev1.ConfigMap)
				mu.Lock()
				calls = append(calls, call{h, "delete", c.Name, c.Data["value"], "", false})
				mu.Unlock()
			},
		}
	}
	if _, err := inf.AddEventHandler(handler(1)); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go inf.Run(stop)
	if !cache.WaitForCacheSync(stop, inf.HasSynced) {
		t.Fatal("no sync")
	}
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(calls) }
	want := len(initial)
	waitFor := func(n int) {
		deadline := time.Now().Add(10 * time.Second)
		for count() < n {
			if time.Now().After(deadline) {
				t.Fatalf("client-go delivered %d of %d calls", count(), n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	handlers := 1
	for i, o := range ops {
		if i == late {
			waitFor(want)
			reg, err := inf.AddEventHandler(handler(2))
			if err != nil {
				t.Fatal(err)
			}
			handlers = 2
			want += len(objs)
			for !reg.HasSynced() {
				time.Sleep(time.Millisecond)
			}
		}
		switch o.kind {
		case "create":
			objs[o.name] = cm(o.name, o.value)
			src.Add(objs[o.name])
		case "update":
			objs[o.name] = cm(o.name, o.value)
			src.Modify(objs[o.name])
		case "delete":
			src.Delete(objs[o.name])
			delete(objs, o.name)
		}
		want += handlers
		waitFor(want) // one event at a time: the model delivers in store order too
	}
	mu.Lock()
	defer mu.Unlock()
	return calls
}

func runModel(initial, ops []op, late int) []call {
	w := cluster.New(cluster.Options{})
	w.Register(apiserver.ConfigMap)
	var calls []call
	record := func(h int) cluster.Handler {
		return cluster.Handler{Name: fmt.Sprintf("recorder %d", h), Side: func(ev cluster.HandlerEvent) {
			c := call{Handler: h, Name: ev.Object.Name(), Value: ev.Object.String("data.value")}
			switch ev.Kind {
			case cluster.Create:
				c.Kind, c.Initial = "add", ev.InitialList
			case cluster.Update:
				c.Kind, c.Old = "update", ev.Old.String("data.value")
			case cluster.Delete:
				c.Kind = "delete"
			}
			calls = append(calls, c)
		}}
	}
	w.Watches("", apiserver.ConfigMap, record(1))
	for _, o := range initial {
		w.Seed(apiserver.New(apiserver.ConfigMap, "default", o.name, map[string]any{"data": map[string]any{"value": o.value}}))
	}
	key := func(name string) apiserver.Key { return apiserver.Key{Namespace: "default", Name: name} }
	var events []controller.Event
	for i, o := range ops {
		at := time.Duration(i+1) * time.Second
		if i == late {
			events = append(events, controller.Event{At: at - 500*time.Millisecond, What: "second handler", Do: func() {
				w.AddWatch(&cluster.Watch{Kind: apiserver.ConfigMap, Handler: record(2)})
			}})
		}
		events = append(events, controller.Event{At: at, What: o.kind, Do: func() {
			switch o.kind {
			case "create":
				_, err := w.Store.Create(apiserver.New(apiserver.ConfigMap, "default", o.name, map[string]any{"data": map[string]any{"value": o.value}}), apiserver.Options{})
				if err != nil {
					panic(err)
				}
			case "update":
				obj, _ := w.Store.Get("ConfigMap", key(o.name))
				obj.Set("data.value", o.value)
				if _, err := w.Store.Update(obj, apiserver.Options{}); err != nil {
					panic(err)
				}
			case "delete":
				if err := w.Store.Delete("ConfigMap", key(o.name), apiserver.DeleteOptions{}); err != nil {
					panic(err)
				}
			}
		}})
	}
	w.Run(controller.Scenario{
		Reconciler: func(*controller.Ctx, controller.Request) (controller.Result, error) { return controller.Result{}, nil },
		Events:     events,
		Horizon:    time.Hour,
	})
	return calls
}

// perHandler splits the calls by handler: client-go runs each handler on
// its own goroutine, so only the order within a handler is defined. The
// initial list is a set: client-go hands it out in its store's map order.
func perHandler(calls []call) map[int][]call {
	out := map[int][]call{}
	for _, c := range calls {
		out[c.Handler] = append(out[c.Handler], c)
	}
	for _, l := range out {
		for i := 0; i < len(l); {
			j := i
			for j < len(l) && l[j].Initial {
				j++
			}
			slices.SortFunc(l[i:j], func(a, b call) int { return strings.Compare(a.Name, b.Name) })
			i = j + 1
		}
	}
	return out
}

func TestInformerAgainstClientGo(t *testing.T) {
	for seed := range uint64(30) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			initial, ops, late := script(seed, 25)
			real := perHandler(runReal(t, initial, ops, late))
			model := perHandler(runModel(initial, ops, late))
			if !reflect.DeepEqual(model, real) {
				t.Fatalf("handler calls differ\nmodel:    %v\nclient-go: %v", model, real)
			}
		})
	}
}
