package controllers

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"example.com/ctxlifetime/internal/kube"
)

// AppReconciler reconciles config maps labelled as apps.
type AppReconciler struct {
	client.Client
	Ctx     context.Context
	current context.Context
	mu      sync.Mutex
}

// appScope lives for one reconcile.
type appScope struct {
	ctx context.Context
	cm  *corev1.ConfigMap
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.mu.Lock()
	r.current = ctx
	r.mu.Unlock()

	var cm corev1.ConfigMap
	if err := r.Get(context.TODO(), req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	scope := &appScope{ctx: log.IntoContext(ctx, log.FromContext(ctx)), cm: &cm}
	if _, err := kube.SecretData(ctx, r.Client, req.NamespacedName); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := kube.ConfigData(ctx, r.Client, req.NamespacedName); err != nil {
		return ctrl.Result{}, err
	}
	_ = kube.DefaultNamespace(r.Client)

	go r.annotate(scope)

	if err := r.syncAll(scope); err != nil {
		return ctrl.Result{}, err
	}
	defer r.cleanup(context.WithoutCancel(ctx), &cm)
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *AppReconciler) annotate(s *appScope) {
	s.cm.Annotations = map[string]string{"seen": "true"}
	_ = r.Update(s.ctx, s.cm)
}

// syncAll updates the owned secrets in parallel and waits for them.
func (r *AppReconciler) syncAll(s *appScope) error {
	g, gctx := errgroup.WithContext(s.ctx)
	for _, name := range []string{"a", "b"} {
		g.Go(func() error {
			var sec corev1.Secret
			return r.Get(gctx, client.ObjectKey{Namespace: s.cm.Namespace, Name: name}, &sec)
		})
	}
	return g.Wait()
}

func (r *AppReconciler) cleanup(ctx context.Context, cm *corev1.ConfigMap) {
	var wg sync.WaitGroup
	wg.Go(func() { _ = r.Delete(ctx, cm) })
	wg.Wait()
}

// SetupWithManager uses the manager's lifetime, not a reconcile's.
func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	go func() {
		<-context.Background().Done()
	}()
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// CacheReconciler is also a manager.Runnable: Start keeps the manager's context, the
// component's lifetime, for work it starts outside reconciles. Not reported.
type CacheReconciler struct {
	client.Client
	lifetime context.Context
	started  chan struct{}
}

// Start implements manager.Runnable.
func (r *CacheReconciler) Start(ctx context.Context) error {
	r.lifetime = ctx
	close(r.started)
	<-ctx.Done()
	return nil
}

// Reconcile implements reconcile.Reconciler.
func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &cm))
}
