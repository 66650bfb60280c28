package negative

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

func child(dep *appsv1.Deployment) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
}

// MatchEveryOwner maps plain owner references too.
type Every struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Every) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := child(&dep)
	if err := controllerutil.SetOwnerReference(&dep, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *Every) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Owns(&corev1.ConfigMap{}, builder.MatchEveryOwner).Complete(r)
}

// A controller reference on an Owned kind; a Watches with a map function; the
// reconciled kind itself.
type Owned struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Owned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := child(&dep)
	if err := controllerutil.SetControllerReference(&dep, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	secret := &corev1.Secret{}
	if err := ctrl.SetControllerReference(&dep, secret, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	other := &appsv1.Deployment{}
	if err := ctrl.SetControllerReference(&dep, other, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	// A plain reference on a kind watched with a map function.
	if err := controllerutil.SetOwnerReference(&dep, secret, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Owned) mapSecret(ctx context.Context, o client.Object) []reconcile.Request { return nil }

func (r *Owned) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.mapSecret)).
		Complete(r)
}

// No controller is seen for this reconciler (wired in main): nothing is known.
type Unwired struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Unwired) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, ctrl.SetControllerReference(&dep, &corev1.Pod{}, r.Scheme)
}

// The builder goes through a hook: its watches are not all known.
type Hooked struct {
	client.Client
	Scheme *runtime.Scheme
	Hook   func(*builder.Builder)
}

func (r *Hooked) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, ctrl.SetControllerReference(&dep, &corev1.Pod{}, r.Scheme)
}

func (r *Hooked) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{})
	r.Hook(b)
	return b.Complete(r)
}

// The owner is another object than the reconciled one; the child is an interface.
type Elsewhere struct {
	client.Client
	Scheme *runtime.Scheme
	Owner  *corev1.Namespace
}

func (r *Elsewhere) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := ctrl.SetControllerReference(r.Owner, &corev1.Pod{}, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	var obj client.Object = &corev1.Pod{}
	return ctrl.Result{}, ctrl.SetControllerReference(&dep, obj, r.Scheme)
}

func (r *Elsewhere) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

// controller.New with a Watch of the child kind.
type Classic struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *Classic) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, ctrl.SetControllerReference(&dep, &corev1.Pod{}, r.Scheme)
}

func AddClassic(mgr ctrl.Manager) error {
	r := &Classic{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
	c, err := controller.New("classic", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err := c.Watch(source.Kind(mgr.GetCache(), &appsv1.Deployment{}, &handler.TypedEnqueueRequestForObject[*appsv1.Deployment]{})); err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Pod{}, handler.TypedEnqueueRequestForOwner[*corev1.Pod](mgr.GetScheme(), nil, &appsv1.Deployment{}, handler.OnlyControllerOwner())))
}

// kueue's hand-over: the reconciled Deployment is the controller of a ConfigMap only
// until the Secret that uses it exists, for garbage collection if the Secret's
// Create fails; the controller reference moves to the Secret in the same reconcile.
type HandOver struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *HandOver) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := child(&dep)
	if err := ctrl.SetControllerReference(&dep, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
	if err := ctrl.SetControllerReference(&dep, sec, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sec); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.handOver(ctx, &dep, sec, cm)
}

func (r *HandOver) handOver(ctx context.Context, dep *appsv1.Deployment, sec *corev1.Secret, cm *corev1.ConfigMap) error {
	if err := controllerutil.RemoveControllerReference(dep, cm, r.Scheme); err != nil {
		return err
	}
	if err := controllerutil.SetControllerReference(sec, cm, r.Scheme); err != nil {
		return err
	}
	return r.Update(ctx, cm)
}

func (r *HandOver) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Owns(&corev1.Secret{}).Complete(r)
}
