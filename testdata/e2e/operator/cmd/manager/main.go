// Command manager runs the controllers.
package main

import (
	corev1 "k8s.io/api/core/v1"
	"os"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"

	"example.com/operator/controllers"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	time.Sleep(time.Second) // start-up: not reported
	if err := (&controllers.ConfigMapReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := ctrl.NewControllerManagedBy(mgr).Named("secrets").For(&corev1.Secret{}).Complete(controllers.NewSecretReconciler(mgr.GetClient(), mgr.GetAPIReader())); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
