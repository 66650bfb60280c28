package negative

import (
	"context"
	"reflect"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"selftrigger/api"
)

// Guarded by a comparison of old and new.
type Compare struct{ client.Client }

func (r *Compare) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	before := c.Status
	c.Status.Ready = true
	if !reflect.DeepEqual(before, c.Status) {
		c.Status.LastReconciled = metav1.Now()
		return ctrl.Result{}, r.Status().Update(ctx, &c)
	}
	return ctrl.Result{}, nil
}

// Guarded by the bool of SetStatusCondition; the condition's time is its own.
type Conditions struct{ client.Client }

func (r *Conditions) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	cond := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done", LastTransitionTime: metav1.Now()}
	if meta.SetStatusCondition(&c.Status.Conditions, cond) {
		c.Status.LastReconciled = metav1.Now()
		if err := r.Status().Update(ctx, &c); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// A changed flag.
type Flag struct{ client.Client }

func (r *Flag) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	changed := false
	if c.Status.LastSeen == "" {
		c.Status.LastSeen = time.Now().String()
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, &c)
	}
	return ctrl.Result{}, nil
}

// Already up to date: an early return.
type Early struct{ client.Client }

func (r *Early) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	if c.Status.Ready {
		return ctrl.Result{}, nil
	}
	c.Status.Ready = true
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}

// A value that is the same on every pass, and a volatile value in another object.
type Other struct{ client.Client }

func (r *Other) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.Ready = true
	if err := r.Status().Update(ctx, &c); err != nil {
		return ctrl.Result{}, err
	}
	child := &api.Clock{ObjectMeta: metav1.ObjectMeta{Name: c.Name + "-child", Namespace: c.Namespace}}
	child.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, r.Create(ctx, child)
}

// The write comes before the volatile store (which is never written).
type Before struct{ client.Client }

func (r *Before) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	err := r.Update(ctx, &c)
	c.Status.LastReconciled = metav1.Now()
	return ctrl.Result{}, err
}

// Not reached from a reconcile entry point.
func notReached(ctx context.Context, cl client.Client, req ctrl.Request) error {
	var c api.Clock
	if err := cl.Get(ctx, req.NamespacedName, &c); err != nil {
		return err
	}
	c.Status.LastReconciled = metav1.Now()
	return cl.Status().Update(ctx, &c)
}

// The status subresource is on (the default assumed for a kind without markers): an
// Update of the main resource drops the status change, so it changes nothing and starts
// no reconcile (statusupdate reports the lost change).
type MainWriteOfStatus struct{ client.Client }

func (r *MainWriteOfStatus) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.LastSeen = time.Now().String()
	return ctrl.Result{}, r.Update(ctx, &c)
}

// A status write drops metadata changes: the annotation never reaches the object.
type StatusWriteOfAnnotation struct{ client.Client }

func (r *StatusWriteOfAnnotation) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Annotations["example.com/seen"] = time.Now().String()
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}

// A status list that grows by an entry stamped with the time: statuslog's finding, not
// this rule's.
type History struct{ client.Client }

func (r *History) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.Conditions = append(c.Status.Conditions, metav1.Condition{LastTransitionTime: metav1.Now()})
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}

// The whole list of conditions replaced, with a fresh transition time:
// conditionsreplace's finding, not this rule's.
type Replaced struct{ client.Client }

func (r *Replaced) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c api.Clock
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, err
	}
	c.Status.Conditions = []metav1.Condition{{Type: "Ready", LastTransitionTime: metav1.Now()}}
	return ctrl.Result{}, r.Status().Update(ctx, &c)
}
