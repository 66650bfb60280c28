package calls

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type R struct {
	client.Client // embedded
	c             client.Client
	w             client.Writer
}

// fakeClient is a concrete implementation of client.Client.
type fakeClient struct{ client.Client }

func (f *fakeClient) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	return nil
}

// notAClient has methods with client-like names but is no client.
type notAClient struct{}

func (notAClient) Delete(name string) error             { return nil }
func (notAClient) Update(ctx context.Context, s string) {}

func (r *R) calls(ctx context.Context, req ctrl.Request) {
	var cm corev1.ConfigMap
	_ = r.Get(ctx, req.NamespacedName, &cm)         // want `Reader.Get`
	_ = r.Update(ctx, &cm)                          // want `Writer.Update`
	_ = r.c.Create(ctx, &cm)                        // want `Writer.Create`
	_ = r.w.Delete(ctx, &cm)                        // want `Writer.Delete`
	_ = r.Status().Update(ctx, &cm)                 // want `SubResourceWriter.Update` `StatusClient.Status`
	_ = r.SubResource("scale").Patch(ctx, &cm, nil) // want `SubResourceWriter.Patch` `SubResourceClientConstructor.SubResource`
	f := &fakeClient{}
	_ = f.Create(ctx, &cm) // want `Writer.Create`
	n := notAClient{}
	_ = n.Delete("x")
	n.Update(ctx, "x")
	controllerutil.AddFinalizer(&cm, "x")
	_, _ = ctrl.CreateOrUpdate(ctx, r.c, &cm, func() error { return nil }) // want `var ctrl.CreateOrUpdate`
	_, _ = controllerutil.CreateOrUpdate(ctx, r.c, &cm, nil)               // want `func controllerutil.CreateOrUpdate`
}
