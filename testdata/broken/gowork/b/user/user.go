// Package user is in module b and imports module a through the workspace.
package user

import "example.com/a/api"

// W uses a.
const W = api.V
