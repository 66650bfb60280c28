package basic

import (
	"context"
	"math/rand"
	"strconv"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"selftrigger/api"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c.Status.LastReconciled = metav1.Now()
	c.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, &c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.LastReconciled, set from metav1.Now\(\) at line 23, on every pass without comparing old and new: each write is a watch event that reconciles the object again, a hot loop; write only when something changed \(compare with equality.Semantic.DeepEqual, or use the bool of meta.SetStatusCondition\) \(Reconcile\)$`
}

// A helper with the reconciled object as parameter: an annotation from time.Now.
type Annotator struct{ client.Client }

func (r *Annotator) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Clock{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.stamp(ctx, c)
}

func (r *Annotator) stamp(ctx context.Context, c *api.Clock) error {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations["example.com/seen"] = time.Now().Format(time.RFC3339)
	return r.Update(ctx, c) // want `^r.Update writes the reconciled object with c.Annotations\["example.com/seen"\], set from time.Now\(\) at line 43.* \(Reconcile → stamp\)$`
}

// A counter and a random token, written with Patch.
type Counter struct{ client.Client }

func (r *Counter) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	patch := client.MergeFrom(c.DeepCopy())
	c.Status.Passes++
	if err := r.Status().Patch(ctx, &c, patch); err != nil { // want `^r.Status\(\).Patch writes the reconciled object with c.Status.Passes, set from an increment`
		return ctrl.Result{}, err
	}
	c.Status.Token = strconv.Itoa(rand.Int())
	return ctrl.Result{}, r.Status().Update(ctx, &c) // want `c.Status.Token, set from rand.Int\(\)`
}

// Labels replaced wholesale.
type Labeler struct{ client.Client }

func (r *Labeler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.SetLabels(map[string]string{"stamp": strconv.FormatInt(time.Now().Unix(), 10)})
	return ctrl.Result{}, r.Update(ctx, &c) // want `with c.Labels, set from time.Now\(\)`
}

// A kind without the status subresource: Update writes the status with the rest.
type NoSubresource struct{ client.Client }

func (r *NoSubresource) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var t api.Tick
	if err := r.Get(ctx, req.NamespacedName, &t); err != nil {
		return ctrl.Result{}, err
	}
	t.Status.LastSeen = time.Now().String()
	return ctrl.Result{}, r.Update(ctx, &t) // want `^r.Update writes the reconciled object with t.Status.LastSeen, set from time.Now\(\)`
}

// A test of the deletion timestamp before the write is no guard: it compares nothing
// old with anything new.
type Deleting struct{ client.Client }

func (r *Deleting) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	if !c.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c) // want `^r.Status\(\).Update writes the reconciled object with c.Status.LastReconciled, set from metav1.Now\(\)`
}
