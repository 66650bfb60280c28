package spoke

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	"webhooks/hub"
)

// Widget is a spoke version: the conversion webhook calls its ConvertTo and ConvertFrom.
type Widget struct{ Size int }

func (*Widget) GetObjectKind() schema.ObjectKind { return nil }
func (w *Widget) DeepCopyObject() runtime.Object { return w }

func (w *Widget) ConvertTo(dstRaw conversion.Hub) error { // want ConvertTo:"webhook conversion"
	dst := dstRaw.(*hub.Widget)
	dst.Size = w.Size
	return nil
}

func (w *Widget) ConvertFrom(srcRaw conversion.Hub) error { // want ConvertFrom:"webhook conversion"
	w.Size = srcRaw.(*hub.Widget).Size
	return nil
}

// Gadget has ConvertTo and ConvertFrom but is no runtime.Object: not Convertible.
type Gadget struct{}

func (*Gadget) ConvertTo(dst conversion.Hub) error   { return nil }
func (*Gadget) ConvertFrom(src conversion.Hub) error { return nil }
