// Package api declares the custom resource that the error-path rules' cases reconcile
// (errpoll, waiterr, permanenterr, priorityonly): an App with a spec the user writes
// and a status the controller writes.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// App is a custom resource.
type App struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   AppSpec
	Status AppStatus
}

// AppSpec is what the user wants.
type AppSpec struct {
	Size     int32
	Image    string
	Endpoint string
	Paused   bool
}

// AppStatus is what the controller observed.
type AppStatus struct {
	ReadyReplicas int32
	Phase         string
	Message       string
	Ready         bool
	Conditions    []metav1.Condition
}

// DeepCopyObject implements runtime.Object.
func (in *App) DeepCopyObject() runtime.Object { return in }

// IsReady reports whether the App's status says it is ready.
func (in *App) IsReady() bool { return in.Status.Ready }
