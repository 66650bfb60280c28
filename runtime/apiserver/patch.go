package apiserver

import (
	"fmt"
	"sort"
	"strings"
)

// MergePatch applies a JSON merge patch (RFC 7386) to the stored object:
// maps merge key by key, null deletes, a list replaces the whole list. A
// metadata.resourceVersion in the patch is a precondition (the patch of
// client.MergeFromWithOptimisticLock); without one the patch applies to
// whatever is stored. status selects the /status subresource.
func (s *Store) MergePatch(kind string, key Key, patch map[string]any, opts Options, status bool) (Object, error) {
	k, ok := s.kinds[kind]
	if !ok {
		return nil, &StatusError{Code: 404, Reason: ReasonNotFound, Message: fmt.Sprintf("the server could not find the requested resource (kind %q)", kind)}
	}
	if status && !k.StatusSubresource {
		return nil, NewNotFound(k, key.Name)
	}
	old, ok := s.objs[kind][key]
	if !ok {
		return nil, NewNotFound(k, key.Name)
	}
	next := mergeValue(map[string]any(old.DeepCopy()), DeepCopyValue(patch)).(map[string]any)
	if rv := Object(next).ResourceVersion(); rv != old.ResourceVersion() {
		if rv == "" {
			Object(next).SetResourceVersion(old.ResourceVersion())
		} else {
			return nil, NewConflict(k, key.Name)
		}
	}
	return s.write(k, old, Object(next), opts, status, "patch", "")
}

func mergeValue(target, patch any) any {
	pm, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	tm, ok := target.(map[string]any)
	if !ok {
		tm = map[string]any{}
	}
	for k, v := range pm {
		if v == nil {
			delete(tm, k)
			continue
		}
		tm[k] = mergeValue(tm[k], v)
	}
	return tm
}

// CreateMergePatch returns the JSON merge patch that turns from into to, as
// client.MergeFrom computes it (with optimisticLock, the patch also carries
// from's resourceVersion, as client.MergeFromWithOptimisticLock does).
func CreateMergePatch(from, to Object, optimisticLock bool) map[string]any {
	p, _ := diff(map[string]any(from), map[string]any(to)).(map[string]any)
	if p == nil {
		p = map[string]any{}
	}
	if optimisticLock {
		md, _ := p["metadata"].(map[string]any)
		if md == nil {
			md = map[string]any{}
			p["metadata"] = md
		}
		md["resourceVersion"] = from.ResourceVersion()
	}
	return p
}

func diff(from, to any) any {
	fm, fok := from.(map[string]any)
	tm, tok := to.(map[string]any)
	if !fok || !tok {
		if equal(from, to) {
			return nil
		}
		return DeepCopyValue(to)
	}
	out := map[string]any{}
	for k, fv := range fm {
		tv, ok := tm[k]
		if !ok {
			out[k] = nil
			continue
		}
		if d := diff(fv, tv); d != nil {
			if dm, ok := d.(map[string]any); !ok || len(dm) > 0 {
				out[k] = d
			}
		}
	}
	for k, tv := range tm {
		if _, ok := fm[k]; !ok {
			out[k] = DeepCopyValue(tv)
		}
	}
	if len(out) == 0 {
		return map[string]any{}
	}
	return out
}

// Apply is server-side apply: config names the fields manager wants, with
// their values. Fields another manager owns with a different value are a
// conflict (409) unless force takes them over; fields manager applied
// before and leaves out now are removed. Lists are atomic. An object that
// does not exist is created.
func (s *Store) Apply(config Object, manager string, force, status bool) (Object, error) {
	k, err := s.kindOf(config)
	if err != nil {
		return nil, err
	}
	if manager == "" {
		return nil, NewInvalid(k, config.Name(), "metadata.managedFields.manager: Required value: is required for apply patch")
	}
	key := config.Key()
	if !k.Namespaced {
		key.Namespace = ""
	}
	want := leaves(config, k, status)
	old, exists := s.objs[k.Name][key]
	if !exists {
		if status {
			return nil, NewNotFound(k, key.Name)
		}
		o, err := s.Create(config, Options{FieldManager: manager})
		if err != nil {
			return nil, err
		}
		s.managed[k.Name][o.Key()] = map[string]map[string]bool{manager: want}
		return o, nil
	}
	if rv := config.ResourceVersion(); rv != "" && rv != old.ResourceVersion() {
		return nil, NewConflict(k, key.Name)
	}
	owners := s.managed[k.Name][key]
	if owners == nil {
		owners = map[string]map[string]bool{}
		s.managed[k.Name][key] = owners
	}
	var conflicts []string
	conflicting := map[string]bool{}
	for p := range want {
		for _, m := range sortedKeys(owners) {
			if m == manager || !owners[m][p] {
				continue
			}
			if !equal(old.Get(p), config.Get(p)) {
				conflicts = append(conflicts, fmt.Sprintf("conflict with %q: .%s", m, p))
				conflicting[p] = true
			}
		}
	}
	sort.Strings(conflicts)
	if len(conflicts) > 0 && !force {
		err := &StatusError{Code: 409, Reason: ReasonConflict, Message: fmt.Sprintf("Apply failed with %d conflict%s: %s", len(conflicts), plural(len(conflicts)), strings.Join(conflicts, "; "))}
		s.logf("apply %s %s by %s refused: %s", k.Name, key, manager, err.Message)
		return nil, err
	}
	next := old.DeepCopy()
	for p := range owners[manager] {
		if want[p] || !within(p, k, status) {
			continue
		}
		shared := false
		for m, fs := range owners {
			if m != manager && fs[p] {
				shared = true
			}
		}
		if !shared {
			unset(next, p)
		}
	}
	for _, p := range sortedKeys(want) {
		next.Set(p, config.Get(p))
	}
	out, err := s.write(k, old, next, Options{FieldManager: manager}, status, "apply by "+manager, manager)
	if err != nil {
		return nil, err
	}
	// Ownership: manager owns what it applied; force takes over the
	// conflicting fields only (a field applied with the value it has
	// stays shared with its other owners).
	kept := map[string]bool{}
	for p := range owners[manager] {
		if !within(p, k, status) {
			kept[p] = true
		}
	}
	for p := range want {
		kept[p] = true
		if conflicting[p] {
			for m, fs := range owners {
				if m != manager {
					delete(fs, p)
				}
			}
		}
	}
	owners[manager] = kept
	return out, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// within reports whether the field path belongs to the part of the object
// the write addresses (status for /status, the rest otherwise).
func within(p string, k Kind, status bool) bool {
	isStatus := p == "status" || strings.HasPrefix(p, "status.")
	if status {
		return isStatus
	}
	return !isStatus || !k.StatusSubresource
}

// leaves returns the field paths of the object's leaves (lists count as
// leaves), without the identity fields and the system metadata.
func leaves(o Object, k Kind, status bool) map[string]bool {
	out := map[string]bool{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		if m, ok := v.(map[string]any); ok && len(m) > 0 {
			for key, x := range m {
				p := key
				if prefix != "" {
					p = prefix + "." + key
				}
				walk(p, x)
			}
			return
		}
		if prefix == "" {
			return
		}
		switch prefix {
		case "apiVersion", "kind", "metadata.name", "metadata.namespace", "metadata.resourceVersion", "metadata.uid",
			"metadata.generation", "metadata.creationTimestamp", "metadata.deletionTimestamp", "metadata.managedFields":
			return
		}
		if within(prefix, k, status) {
			out[prefix] = true
		}
	}
	walk("", map[string]any(o))
	return out
}

func unset(o Object, p string) {
	parts := strings.Split(p, ".")
	m := map[string]any(o)
	for _, x := range parts[:len(parts)-1] {
		next, ok := m[x].(map[string]any)
		if !ok {
			return
		}
		m = next
	}
	delete(m, parts[len(parts)-1])
}

// claim records that manager wrote the leaves of next that differ from old
// (all of them when old is nil): they move to manager, as managedFields do
// for an Update.
func (s *Store) claim(k Kind, next, old Object, manager string, status bool, _ string) {
	owners := s.managed[k.Name][next.Key()]
	if owners == nil {
		owners = map[string]map[string]bool{}
		s.managed[k.Name][next.Key()] = owners
	}
	changed := leaves(next, k, status)
	if old != nil {
		for p := range changed {
			if equal(old.Get(p), next.Get(p)) {
				delete(changed, p)
			}
		}
	}
	if len(changed) == 0 {
		return
	}
	for p := range changed {
		for m, fs := range owners {
			if m != manager {
				delete(fs, p)
			}
		}
	}
	if owners[manager] == nil {
		owners[manager] = map[string]bool{}
	}
	for p := range changed {
		owners[manager][p] = true
	}
}

// Managers returns, for the stored object, each field manager with the
// field paths it owns, sorted.
func (s *Store) Managers(kind string, key Key) map[string][]string {
	out := map[string][]string{}
	for m, fs := range s.managed[kind][key] {
		if len(fs) > 0 {
			out[m] = sortedKeys(fs)
		}
	}
	return out
}
