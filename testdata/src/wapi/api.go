// Package wapi declares custom resources for the tests of the write rules (blindupdate,
// createexists, finalizerfirst, finalizeradd, conditionsreplace, statuslog).
package wapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Entry is one entry of a history kept in the status.
type Entry struct {
	Reason  string
	Message string
	Time    metav1.Time
}

// AppSpec is the desired state.
type AppSpec struct {
	Size  int32
	Image string
}

// AppStatus is the observed state.
type AppStatus struct {
	Phase      string
	Nodes      []string
	History    []Entry
	Conditions []metav1.Condition
}

// App is a custom resource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type App struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   AppSpec
	Status AppStatus
}

// DeepCopy is generated.
func (in *App) DeepCopy() *App { out := *in; return &out }

// DeepCopyObject is generated.
func (in *App) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// AppList is a list of Apps.
type AppList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []App
}

// DeepCopy is generated.
func (in *AppList) DeepCopy() *AppList { out := *in; return &out }

// DeepCopyObject is generated.
func (in *AppList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
