// Package v1 is a spoke version of the Widget kind.
package v1

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v2 "example.com/webhooks/api/v2"
)

// Widget is the spoke version.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Replicas          int32 `json:"replicas"`
}

// DeepCopyObject implements runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object {
	out := *w
	return &out
}

var _ conversion.Convertible = &Widget{}

// ConvertTo converts to the hub; the conversion webhook calls it.
func (w *Widget) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*v2.Widget)
	dst.ObjectMeta = w.ObjectMeta
	dst.Size = w.Replicas
	time.Sleep(10 * time.Millisecond) // reported: the API server waits for the conversion
	return nil
}

// ConvertFrom converts from the hub. The conversion gets no ctx from the webhook
// server: context.Background is all there is, and is not reported.
func (w *Widget) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*v2.Widget)
	_ = context.Background()
	w.ObjectMeta = src.ObjectMeta
	w.Replicas = src.Size
	return nil
}
