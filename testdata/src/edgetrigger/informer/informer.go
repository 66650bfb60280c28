package informer

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// Pods is a generated-clientset shape.
type Pods interface {
	Update(ctx context.Context, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error)
}

// Controller is a client-go controller (sample-controller's shape).
type Controller struct {
	pods    Pods
	queue   workqueue.TypedRateLimitingInterface[string]
	deleted map[string]bool
}

var handled int

func (c *Controller) register(inf cache.SharedIndexInformer) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: c.enqueue, // enqueueing is the point
		UpdateFunc: func(old, cur interface{}) {
			c.enqueue(cur)
			pod := cur.(*corev1.Pod)
			pod.Labels["synced"] = "true"
			_, _ = c.pods.Update(context.TODO(), pod, metav1.UpdateOptions{}) // want `^Pods.Update in the UpdateFunc of a cache.ResourceEventHandlerFuncs runs once per event, .*; decide and act in the work-queue handler that processes the key, from the object's current state, and keep the event handler to enqueueing \(UpdateFunc\)$`
		},
		DeleteFunc: func(obj interface{}) {
			c.deleted[obj.(*corev1.Pod).Name] = true // want `^a store into c.deleted\[obj.\(\*corev1.Pod\).Name\] \(state of the controller\) in the DeleteFunc of a cache.ResourceEventHandlerFuncs runs once per event`
			handled++                                // want `^a store into the package variable handled in the DeleteFunc of a cache.ResourceEventHandlerFuncs runs once per event, on the informer.s goroutine: state kept from events .*: derive it in the work-queue handler from the object's current state, or record it in the object's status \(DeleteFunc\)$`
			c.enqueue(obj)
		},
	})
}

func (c *Controller) enqueue(obj interface{}) {
	if key, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
		c.queue.Add(key)
	}
}

// handler is a cache.ResourceEventHandler of its own.
type handler struct{ pods Pods }

func (h handler) OnAdd(obj interface{}, isInInitialList bool) {
	_, _ = h.pods.Update(context.TODO(), obj.(*corev1.Pod), metav1.UpdateOptions{}) // want `^Pods.Update in handler.OnAdd, an informer event handler method runs once per event`
}
func (h handler) OnUpdate(oldObj, newObj interface{}) {}
func (h handler) OnDelete(obj interface{})            {}
