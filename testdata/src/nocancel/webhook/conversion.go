package webhook

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"net/http"
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
	resp, err := http.Get("http://sizes.example") // want `^http.Get cannot be cancelled: the webhook goes on waiting after the API server gives up on it, and the read or write that needed the conversion has failed meanwhile; `
	if err != nil {
		return err
	}
	resp.Body.Close()
	dst.(*GadgetHub).Size = g.Size
	return nil
}
