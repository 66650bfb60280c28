package webhook

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"time"
)

// GadgetHub is the hub version of Gadget.
type GadgetHub struct{ Size int }

func (*GadgetHub) GetObjectKind() schema.ObjectKind { return nil }
func (g *GadgetHub) DeepCopyObject() runtime.Object { return g }
func (*GadgetHub) Hub()                             {}

// Gadget is a spoke version: the conversion webhook calls its ConvertTo and ConvertFrom
// on reads and writes in its version, not on admission.
type Gadget struct{ Size int }

func (*Gadget) GetObjectKind() schema.ObjectKind { return nil }
func (g *Gadget) DeepCopyObject() runtime.Object { return g }

var _ conversion.Convertible = &Gadget{}

func (g *Gadget) ConvertFrom(src conversion.Hub) error {
	g.Size = src.(*GadgetHub).Size
	return nil
}

func (g *Gadget) ConvertTo(dst conversion.Hub) error {
	time.Sleep(time.Millisecond) // want `^time.Sleep blocks the webhook: the API server waits for the conversion webhook on every read and write of the kind in a version other than the stored one \(lists and watches included\) and fails the request when the webhook does not answer in time; do not wait in a webhook, decide from what is known now \(ConvertTo\)$`
	dst.(*GadgetHub).Size = g.Size
	return nil
}
