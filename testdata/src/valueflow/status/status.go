// Package status is a helper package: its functions set conditions and compute values
// for the callers in package controllers.
package status

import (
	"context"
	"fmt"
	"log"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Obj struct {
	metav1.ObjectMeta
	Conditions []metav1.Condition
}

const TypeReady = "Ready"

// SetReady passes reason and status on to the condition.
func SetReady(o *Obj, status metav1.ConditionStatus, reason, message string) { // want SetReady:`param 1 → condition Status via status.SetReady; param 2 → condition Reason via status.SetReady; param 3 → condition Message via status.SetReady`
	meta.SetStatusCondition(&o.Conditions, metav1.Condition{Type: TypeReady, Status: status, Reason: reason, Message: message, ObservedGeneration: o.Generation})
}

// SetFailed passes its reason through another helper: the chain names both.
func SetFailed(o *Obj, reason string) { // want SetFailed:`param 1 → condition Reason via status.SetFailed → status.SetReady`
	SetReady(o, metav1.ConditionFalse, reason, "")
}

// unexported is not exported: no fact.
func unexported(o *Obj, reason string) {
	SetReady(o, metav1.ConditionFalse, reason, "")
}

// ReasonFor returns constants.
func ReasonFor(ok bool) string { // want ReasonFor:`result 0: const "Ready"; result 0: const "NotReady"`
	if ok {
		return "Ready"
	}
	return "NotReady"
}

// Describe returns error text.
func Describe(err error) string { // want Describe:`result 0: opaque; result 0: error text`
	return "failed: " + err.Error()
}

// Key returns the object's name.
func Key(o *Obj) string { // want Key:`result 0: identity the object's name`
	return o.Name
}

// Pass returns its parameter.
func Pass(s string) string { // want Pass:`result 0: param 0`
	return s
}

// Loop is recursive: it does not carry a value of its own.
func Loop(n int, s string) string { // want Loop:`result 0: const "done"; result 0: param 1`
	if n == 0 {
		return "done"
	}
	if n == 1 {
		return s
	}
	return Loop(n-1, s)
}

// Computed builds a string at run time: its parameter is only a part of the result, so
// the result does not carry the argument's constant.
func Computed(s string) string { // want Computed:`result 0: opaque; result 0: param 0 \(part\)`
	return s + "-x"
}

// Prefixed puts its parameter into a Reason with a prefix: only the argument's error
// text or identity can reach the condition as such.
func Prefixed(o *Obj, reason string) { // want Prefixed:`param 1 → condition Reason \(part\) via status.Prefixed`
	SetReady(o, metav1.ConditionFalse, "Prefix"+reason, "")
}

// Applier holds its field manager in a field.
type Applier struct {
	Owner string // want Owner:`field owner via status.Applier.Owner → status.Applier.Apply`
}

// Apply applies with the owner of the field.
func (a *Applier) Apply(ctx context.Context, c client.Client, ac runtime.ApplyConfiguration) error { // want Apply:`returns the error of Apply via status.Applier.Apply`
	return c.Apply(ctx, ac, client.FieldOwner(a.Owner))
}

// UpdateStatus returns the error of a status write, wrapped.
func UpdateStatus(ctx context.Context, c client.Client, o client.Object) error { // want UpdateStatus:`returns the error of Status\(\).Update via status.UpdateStatus`
	if err := c.Status().Update(ctx, o); err != nil {
		return fmt.Errorf("status: %w", err)
	}
	return nil
}

// Save returns the error of UpdateStatus through a variable: the chain names both.
func Save(ctx context.Context, c client.Client, o client.Object) error { // want Save:`returns the error of Status\(\).Update via status.Save → status.UpdateStatus`
	err := UpdateStatus(ctx, c, o)
	return err
}

// Fetch returns the error of a Get whose key is its parameter 2.
func Fetch(ctx context.Context, c client.Client, key types.NamespacedName, o client.Object) error { // want Fetch:`returns the error of Get via status.Fetch \(key: param 2\)`
	return c.Get(ctx, key, o)
}

// FetchQuiet hides NotFound.
func FetchQuiet(ctx context.Context, c client.Client, key types.NamespacedName, o client.Object) error { // want FetchQuiet:`returns the error of Get via status.FetchQuiet \(key: param 2\) \(NotFound filtered\)`
	return client.IgnoreNotFound(c.Get(ctx, key, o))
}

// Remove returns the error of a Delete unless it is a NotFound.
func Remove(ctx context.Context, c client.Client, o client.Object) error { // want Remove:`returns the error of Delete via status.Remove \(NotFound filtered\)`
	err := c.Delete(ctx, o)
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// Cloud is an external system.
type Cloud interface {
	DeleteBucket(ctx context.Context, name string) error
}

// DropBucket logs the error of the cleanup and carries on.
func DropBucket(ctx context.Context, cl Cloud, name string) { // want DropBucket:`discards the error of cl.DeleteBucket via status.DropBucket`
	if err := cl.DeleteBucket(ctx, name); err != nil {
		log.Print(err)
	}
}

// Drop calls DropBucket: the chain names both.
func Drop(ctx context.Context, cl Cloud, name string) error { // want Drop:`discards the error of cl.DeleteBucket via status.Drop → status.DropBucket`
	DropBucket(ctx, cl, name)
	return nil
}

// KeepBucket returns the error: no fact.
func KeepBucket(ctx context.Context, cl Cloud, name string) error {
	if err := cl.DeleteBucket(ctx, name); err != nil {
		return err
	}
	return nil
}

// Local returns a locally made error: no fact.
func Local(ctx context.Context) error {
	return fmt.Errorf("no")
}
