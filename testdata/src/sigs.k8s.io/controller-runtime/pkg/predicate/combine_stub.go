package predicate

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// And is a stub.
func And[object any](predicates ...TypedPredicate[object]) TypedPredicate[object] { return nil }

// Or is a stub.
func Or[object any](predicates ...TypedPredicate[object]) TypedPredicate[object] { return nil }

// Not is a stub.
func Not[object any](predicate TypedPredicate[object]) TypedPredicate[object] { return nil }

// LabelChangedPredicate passes updates that change the labels.
type LabelChangedPredicate = TypedLabelChangedPredicate[client.Object]

// TypedLabelChangedPredicate passes updates that change the labels.
type TypedLabelChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}
