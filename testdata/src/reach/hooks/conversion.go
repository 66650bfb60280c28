package hooks

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

// Gadget is a spoke version: its ConvertTo and ConvertFrom are conversion entry points.
type Gadget struct{ Size int }

func (*Gadget) GetObjectKind() schema.ObjectKind { return nil }
func (g *Gadget) DeepCopyObject() runtime.Object { return g }

var _ conversion.Convertible = &Gadget{}

func (g *Gadget) ConvertFrom(src conversion.Hub) error {
	g.Size = scale(src.(*GadgetHub).Size)
	return nil
}

func (g *Gadget) ConvertTo(dst conversion.Hub) error {
	dst.(*GadgetHub).Size = g.Size
	return check(nil) // also reached from ValidateCreate: admission wins
}

// scale is reached only from a conversion.
func scale(n int) int { return n }
