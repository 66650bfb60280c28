package plugin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// decodeOnto decodes settings strictly onto *cfg, which holds the defaults: keys that
// are given replace them, keys that are not keep them.
func decodeOnto(settings any, cfg *analyzers.Config) error {
	data, err := json.Marshal(settings)
	if err != nil {
		return fmt.Errorf("encoding settings: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(cfg); err != nil {
		return fmt.Errorf("decoding settings: %w", err)
	}
	return nil
}

// unknownKey describes the first key of settings (in sorted order) that the Config has
// no field for, by its path and the keys known there: "rules.sleep.alow: unknown key
// (known here: allow)". It returns "" when there is none. Keys match json tags as encoding/json
// matches them, ignoring case (golangci-lint lowercases the keys it reads).
func unknownKey(settings any) string {
	data, err := json.Marshal(settings)
	if err != nil {
		return ""
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return ""
	}
	return walk(v, reflect.TypeFor[analyzers.Config](), "")
}

func walk(v any, t reflect.Type, path string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		fields := jsonFields(t)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			f, ok := lookupField(fields, k)
			p := join(path, k)
			if !ok {
				var known []string
				for _, f := range fields {
					known = append(known, f.name)
				}
				sort.Strings(known)
				if len(known) == 0 {
					return fmt.Sprintf("%s: unknown key (%s takes no keys)", p, path)
				}
				return fmt.Sprintf("%s: unknown key (known here: %s)", p, strings.Join(known, ", "))
			}
			if r := walk(m[k], f.typ, p); r != "" {
				return r
			}
		}
	case reflect.Slice, reflect.Array:
		s, ok := v.([]any)
		if !ok {
			return ""
		}
		for i, e := range s {
			if r := walk(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); r != "" {
				return r
			}
		}
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if r := walk(m[k], t.Elem(), join(path, k)); r != "" {
				return r
			}
		}
	}
	return ""
}

type field struct {
	name string
	typ  reflect.Type
}

// jsonFields returns the fields of struct type t by their json names, flattening
// embedded structs as encoding/json does.
func jsonFields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := sf.Type
		if sf.Anonymous && name == "" {
			et := ft
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				out = append(out, jsonFields(et)...)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		out = append(out, field{name, ft})
	}
	return out
}

func lookupField(fields []field, key string) (field, bool) {
	for _, f := range fields {
		if f.name == key {
			return f, true
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.name, key) {
			return f, true
		}
	}
	return field{}, false
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
