package webhook

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/source"
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

var mgr manager.Manager

func (g *Gadget) ConvertTo(dst conversion.Hub) error {
	_ = source.Kind[client.Object](mgr.GetCache(), &corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}) // want `^source.Kind in a webhook: every conversion \(each read and write of the kind in a version other than the stored one\) adds another watch or handler`
	dst.(*GadgetHub).Size = g.Size
	return nil
}
