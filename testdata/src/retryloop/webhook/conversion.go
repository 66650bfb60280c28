package webhook

import (
	"errors"
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

var errBusy = errors.New("busy")

func busy() error { return errBusy }

func (g *Gadget) ConvertTo(dst conversion.Hub) error {
	for {
		if err := busy(); err != nil { // want `^the loop re-runs busy after it fails, in a webhook: the API server waits for the conversion webhook on every read and write of the kind in a version other than the stored one \(lists and watches included\) and fails the request when the webhook does not answer in time; return the error and let the client retry \(ConvertTo\)$`
			continue
		}
		break
	}
	dst.(*GadgetHub).Size = g.Size
	return nil
}
