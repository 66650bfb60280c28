package negative

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

type R struct {
	client.Client
}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj client.Object
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	// Deliberate detachment of cleanup.
	defer r.release(context.WithoutCancel(ctx), obj)
	// Work started on another goroutine is the goroutine rule's business.
	go func() {
		_ = r.Update(context.Background(), obj)
	}()
	go r.release(context.Background(), obj)
	tctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_ = r.Update(tctx, obj)
	//reconcilelint:ignore bgcontext the audit record must be written even on shutdown
	_ = r.Create(context.Background(), obj)
	return ctrl.Result{}, nil
}

func (r *R) release(ctx context.Context, obj client.Object) { _ = r.Delete(ctx, obj) }

// notReached is called by no entry point.
func (r *R) notReached(obj client.Object) { _ = r.Update(context.TODO(), obj) }

// SetupWithManager is start-up code.
func (r *R) SetupWithManager(mgr ctrl.Manager) error {
	var obj client.Object
	_ = r.Get(context.Background(), client.ObjectKey{}, obj)
	return mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		<-ctx.Done()
		return r.Delete(context.Background(), obj)
	}))
}

// Runnable is a manager Runnable, not a reconcile path.
type Runnable struct{ c client.Client }

func (n *Runnable) Start(ctx context.Context) error {
	var obj client.Object
	return n.c.Get(context.TODO(), client.ObjectKey{}, obj)
}

func main() {
	_ = context.Background()
}

func init() {
	_ = context.TODO()
}
