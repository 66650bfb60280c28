// Command webhooks runs the Widget webhooks.
package main

import (
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"example.com/webhooks/webhooks"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	if err := (&webhooks.WidgetWebhook{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	(&webhooks.AuditHandler{Client: mgr.GetClient()}).Register(mgr)
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
