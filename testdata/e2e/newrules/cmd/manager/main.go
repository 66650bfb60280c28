// Command manager runs the controllers of the newer rules' cases.
package main

import (
	"context"
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"example.com/newrules/controllers"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{LeaderElection: true})
	if err != nil {
		os.Exit(1)
	}
	if err := (&controllers.RolloutReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	// Reported: nothing ever stops the manager.
	if err := mgr.Start(context.Background()); err != nil {
		os.Exit(1)
	}
}
