// Package v1 declares the App kind that the error-path controllers reconcile.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// App is a custom resource: a spec the user writes, a status the controller writes.
type App struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              AppSpec   `json:"spec,omitempty"`
	Status            AppStatus `json:"status,omitempty"`
}

// AppSpec is what the user wants.
type AppSpec struct {
	Size     int32  `json:"size"`
	Image    string `json:"image"`
	Critical bool   `json:"critical,omitempty"`
}

// AppStatus is what the controller observed.
type AppStatus struct {
	Ready      bool               `json:"ready,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *App) DeepCopyObject() runtime.Object {
	out := *in
	return &out
}
