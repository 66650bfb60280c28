package basic

import (
	"context"
	"fmt"
	"strings"

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

const (
	TypeReady       = "Ready"
	ReasonBadSpaces = "Secret not found" // reported where it is used
)

type R struct{ kind string }

func (r *R) reconcile(ctx context.Context, obj *Foo, err error) {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{ // want `condition without ObservedGeneration`
		Type:   TypeReady,
		Status: metav1.ConditionFalse,
		Reason: err.Error(), // want `condition Reason from error text: the API server rejects a Reason that does not match`
	})
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{ // want `condition without ObservedGeneration while the generation of obj is at hand`
		Type:   TypeReady,
		Status: metav1.ConditionTrue,
		Reason: "Ready",
	})
}

func (r *R) reasons(obj *Foo, err error, name string) {
	conds := &obj.Status.Conditions
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: fmt.Sprintf("Failed: %v", err)})   // want `condition Reason from error text`
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: "Failed" + strings.ToUpper(name)}) // want `condition Reason is not a constant: a value computed at run time can fail the API's pattern`
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: ReasonBadSpaces})                  // want `condition Reason "Secret not found" does not match`
	meta.SetStatusCondition(conds, metav1.Condition{Type: "ready condition", ObservedGeneration: obj.Generation, Reason: "Ok"})                     // want `condition Type "ready condition" does not match a qualified name`
	meta.SetStatusCondition(conds, metav1.Condition{Type: r.kind + "Ready", ObservedGeneration: obj.Generation, Reason: "Ok"})                      // want `condition Type is not a constant`
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: fmt.Sprint(r.kind)})               // want `condition Reason is not a constant`
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: ""})                               // want `condition without a Reason: the API server rejects a condition whose Reason is empty`
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Status: metav1.ConditionTrue})             // want `condition without a Reason`
	reason := "Progressing"
	if err != nil {
		reason = "Failed: " + err.Error()
	}
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: reason}) // want `condition Reason from error text`
	bad := "Not-Valid"                                                                                                    // want `condition Reason "Not-Valid" does not match`
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation, Reason: bad})
}

// A condition built into a variable and assigned later.
func obsgen(obj *Foo, err error) {
	cond := metav1.Condition{Type: TypeReady, Status: metav1.ConditionFalse, Reason: "Failed"} // want `condition without ObservedGeneration while the generation of obj is at hand`
	cond.Message = "x"
	meta.SetStatusCondition(&obj.Status.Conditions, cond)
	c2 := metav1.Condition{Type: TypeReady, ObservedGeneration: obj.Generation}
	c2.Reason = err.Error() // want `condition Reason from error text`
	meta.SetStatusCondition(&obj.Status.Conditions, c2)
	obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: TypeReady, Reason: "Appended"}) // want `condition without ObservedGeneration while the generation of obj is at hand`
}

// A list that is not a field of the object, with the object in scope.
func intoList(owner *Foo, conds *[]metav1.Condition) {
	meta.SetStatusCondition(conds, metav1.Condition{Type: TypeReady, Reason: "Ok"}) // want `condition without ObservedGeneration while the generation of owner is at hand`
}

// A helper whose Reason is a parameter: the arguments at its calls in this package are
// judged.
func setReadyFalse(obj *Foo, reason, message string) {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionFalse, ObservedGeneration: obj.Generation, Reason: reason, Message: message})
}

func callers(obj *Foo, err error) {
	setReadyFalse(obj, err.Error(), "")            // want `condition Reason from error text`
	setReadyFalse(obj, ReasonBadSpaces, "")        // want `condition Reason "Secret not found" does not match`
	setReadyFalse(obj, "Failed", err.Error())      // the message may hold error text
	setReadyFalse(obj, "Failed: "+err.Error(), "") // want `condition Reason from error text`
}

// The status-level ObservedGeneration of another object does not describe these
// conditions, nor does one set in another function.
func statusOfOther(obj, other *Foo) {
	other.Status.ObservedGeneration = other.Generation
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, Reason: "Ready"}) // want `condition without ObservedGeneration while the generation of obj is at hand`
}

func setObserved(obj *Foo) { obj.Status.ObservedGeneration = obj.Generation }

func statusElsewhere(obj *Foo) {
	setObserved(obj)
	obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, Reason: "Ready"}) // want `condition without ObservedGeneration while the generation of obj is at hand`
}

func maybeReason(ok bool) string {
	if ok {
		return "Ready"
	}
	return ""
}

// A guard on another value does not keep the empty result out.
func unguardedReason(obj *Foo, ok bool, msg string) {
	if reason := maybeReason(ok); msg != "" { // want `condition without a Reason`
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, ObservedGeneration: obj.Generation, Reason: reason})
	}
}

// Closures and method values: the arguments at their calls are judged, like those of a
// declared helper.
func closures(obj *Foo, err error) {
	setReady := func(status metav1.ConditionStatus, reason string) {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: status, ObservedGeneration: obj.Generation, Reason: reason})
	}
	setReady(metav1.ConditionFalse, err.Error())   // want `condition Reason from error text`
	setReady(metav1.ConditionTrue, "All ready")    // want `condition Reason "All ready" does not match`
	setReady(metav1.ConditionTrue, "AllReady")     // a valid constant
	func(reason string) {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, ObservedGeneration: obj.Generation, Reason: reason})
	}("not ready") // want `condition Reason "not ready" does not match`
	var late func(reason string)
	late = func(reason string) {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, ObservedGeneration: obj.Generation, Reason: reason})
	}
	late("Late reason") // want `condition Reason "Late reason" does not match`
	f := setReadyFalse
	f(obj, "Bad reason", "") // want `condition Reason "Bad reason" does not match`
	var h holder
	m := h.set
	m(obj, err.Error()) // want `condition Reason from error text`
}

type holder struct{}

func (holder) set(obj *Foo, reason string) {
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: TypeReady, Status: metav1.ConditionTrue, ObservedGeneration: obj.Generation, Reason: reason})
}
