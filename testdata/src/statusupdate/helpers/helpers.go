// Package helpers holds status helpers of the module in another package.
package helpers

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"statusupdate/api"
)

// MarkReady sets the Ready condition in memory.
func MarkReady(w *api.Widget, reason string) { // want MarkReady:"mutates status of param 0"
	setCond(w, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: reason})
}

func setCond(w *api.Widget, c metav1.Condition) {
	meta.SetStatusCondition(&w.Status.Conditions, c)
}

// Degrade changes the status through a method.
func Degrade(w *api.Widget) { // want Degrade:"mutates status of param 0"
	w.SetConditions(nil)
}

// IsReady only reads.
func IsReady(w *api.Widget) bool { // want IsReady:"mutates no status"
	return meta.IsStatusConditionTrue(w.Status.Conditions, "Ready")
}

// SaveStatus changes and writes the status.
func SaveStatus(ctx context.Context, c client.Client, w *api.Widget) error { // want SaveStatus:"mutates status of param 2; may write"
	w.Status.Ready = true
	return c.Status().Update(ctx, w)
}

// Patcher writes an object and its status, like cluster-api's patch helper.
type Patcher struct {
	c client.Client
}

// Patch writes both.
func (p *Patcher) Patch(ctx context.Context, obj client.Object) error {
	if err := p.c.Update(ctx, obj); err != nil {
		return err
	}
	return p.c.Status().Update(ctx, obj)
}
