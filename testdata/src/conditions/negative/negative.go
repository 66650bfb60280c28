package negative

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type Foo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status FooStatus
}

type FooStatus struct {
	ObservedGeneration int64
	Conditions         []metav1.Condition
}

type Reason string

const (
	TypeReady      = "Ready"
	TypeQualified  = "example.com/Ready"
	ReasonFailed   = "Failed"
	ReasonProgress = "Progressing"
	ReasonTyped    = Reason("TypedReason")
)

func (r *Foo) reconcile(ctx context.Context, obj *Foo, err error) {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
		Type:               TypeReady,
		Status:             metav1.ConditionFalse,
		ObservedGeneration: obj.Generation,
		Reason:             ReasonFailed,
		Message:            err.Error(), // error text belongs in Message
	})
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{TypeQualified, metav1.ConditionTrue, obj.Generation, metav1.Now(), "Ok", ""})
	reason := ReasonProgress
	if err != nil {
		reason = ReasonFailed
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.GetGeneration(), Reason: reason})
	var r2 string
	switch {
	case err == nil:
		r2 = "A"
	default:
		r2 = "B:C"
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: r2})
	// Typed string enums and function results are not judged.
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: string(ReasonTyped)})
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: reasonFor(err)})
	// ObservedGeneration set after the literal.
	cond := metav1.Condition{Type: TypeReady, Reason: ReasonFailed}
	cond.ObservedGeneration = obj.Generation
	meta.SetStatusCondition(&obj.Status.Conditions, cond)
}

func reasonFor(err error) string {
	if apierrors.IsNotFound(err) {
		return "NotFound"
	}
	return "Unknown"
}

// A helper whose reason is a parameter: its callers are not followed.
func setFailed(obj *Foo, reason, msg string) {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: reason, Message: msg})
}

// No object at hand: only the status is passed in.
func setReady(status *FooStatus) {
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, Reason: "Ready"})
}

// A constructor returns the condition; a setter of the project fills in the generation
// (as cluster-api's conditions.Set does).
func newCondition(t, reason string) metav1.Condition {
	return metav1.Condition{Type: t, Status: metav1.ConditionTrue, Reason: reason}
}

func set(obj *Foo, c metav1.Condition) {
	c.ObservedGeneration = obj.Generation
	meta.SetStatusCondition(&obj.Status.Conditions, c)
}

func useSetter(obj *Foo) {
	set(obj, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, Reason: "Ready"})
	set(obj, newCondition(TypeReady, ReasonFailed))
}

// Copying a condition from another one (mirroring).
func mirror(obj *Foo, src metav1.Condition) {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: src.Type, ObservedGeneration: obj.Generation, Status: src.Status, Reason: src.Reason, Message: src.Message})
}

// Conditions compared, not written.
func ready(obj *Foo) bool {
	c := meta.FindStatusCondition(obj.Status.Conditions, TypeReady)
	return c != nil && c.Reason == ReasonFailed
}

// Values passed in a struct (cluster-api's setter inputs) and looked up in a map are
// passed through, not judged.
type input struct {
	condition, falseReason string
}

var reasons = map[bool]string{true: "Ready", false: "NotReady"}

func setFromInput(obj *Foo, in input, ok bool) {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: in.condition, ObservedGeneration: obj.Generation, Reason: in.falseReason})
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: reasons[ok]})
}

// An empty placeholder overwritten on every path (cluster-api's machine status).
func placeholder(obj *Foo, status metav1.ConditionStatus) {
	reason := ""
	switch status {
	case metav1.ConditionTrue:
		reason = "Ready"
	case metav1.ConditionFalse:
		reason = "NotReady"
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: reason})
}

func callSetFailed(obj *Foo, err error) {
	setFailed(obj, ReasonFailed, err.Error())
	setFailed(obj, string(apierrors.ReasonForError(err)), "")
}

// The status carries the generation next to its conditions (kuberay's calculateStatus):
// kubectl wait and other clients read status.observedGeneration when a condition has
// none, so a condition without its own ObservedGeneration is not reported.
func calculateStatus(instance *Foo) *Foo {
	newInstance := instance.DeepCopy()
	newInstance.Status.ObservedGeneration = newInstance.ObjectMeta.Generation
	meta.SetStatusCondition(&newInstance.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, Reason: ReasonProgress})
	newInstance.Status.Conditions = append(newInstance.Status.Conditions, metav1.Condition{Type: TypeQualified, Status: metav1.ConditionTrue, Reason: ReasonFailed})
	return newInstance
}

func (f *Foo) DeepCopy() *Foo { c := *f; return &c }

// failureReason returns "" when err carries no reason (kuberay's
// RayClusterReplicaFailureReason).
func failureReason(err error) string {
	var r *reasonErr
	if errors.As(err, &r) {
		return r.reason
	}
	return ""
}

type reasonErr struct{ reason string }

func (e *reasonErr) Error() string { return e.reason }

// The empty result is tested away before the condition is set: only a non-empty
// reason reaches it.
func guardedReason(obj *Foo, err error) {
	if reason := failureReason(err); reason != "" {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, ObservedGeneration: obj.Generation, Reason: reason})
	}
	reason := failureReason(err)
	if reason == "" {
		return
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionFalse, ObservedGeneration: obj.Generation, Reason: reason})
}

func guardedLen(obj *Foo, err error) {
	if reason := failureReason(err); len(reason) > 0 && obj != nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, ObservedGeneration: obj.Generation, Reason: reason})
	}
}
