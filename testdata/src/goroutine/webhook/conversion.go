package webhook

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
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
	go func() { g.Size++ }() // want `^goroutine started in a webhook is not waited for: the API server has the converted object before the goroutine ends, its error reaches no one, and every read and write of the kind in a version other than the stored one starts another; do the work inline, or in a controller`
	dst.(*GadgetHub).Size = g.Size
	return nil
}
