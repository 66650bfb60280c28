package analyzerutil

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// A rule's options reach its analyzer in three ways that decode into the same typed
// Config: the configuration file (rules.RULE), golangci-lint's settings, and the
// analyzer's flags, which are all that drivers such as Bazel's nogo and go vet
// -vettool can set (nogo's analyzer_flags, go vet's -RULE.OPTION). BindFlags gives an
// analyzer one flag per field of its Config, named by the field's json key, so the
// names are those of the configuration file. The generator calls it for every rule
// that declares a Config (on the package's Analyzer, in the generated flags.go of the
// rule, and on every analyzer the registry builds), so a rule gets its flags without
// code of its own.

// BindFlags declares the flags of a's options on a.Flags, starting from cfg (the
// defaults, or the configuration file's options), and makes a run with any flag set
// use the analyzer that build returns for the options the flags changed. A flag whose
// value build rejects is an error of flag.Set, with build's message. usage gives a
// flag's help by its name.
func BindFlags[C any](a *analysis.Analyzer, cfg C, build func(C) (*analysis.Analyzer, error), usage map[string]string) {
	b := &boundOptions[C]{cfg: cfg, build: build, run: a.Run}
	v := reflect.ValueOf(&b.cfg).Elem()
	if v.Kind() != reflect.Struct {
		panic(fmt.Sprintf("BindFlags(%s): Config is a %s, not a struct", a.Name, v.Kind()))
	}
	for i := 0; i < v.NumField(); i++ {
		name := jsonName(v.Type().Field(i))
		if name == "" {
			continue
		}
		fv := &fieldValue{field: v.Field(i), set: func(apply func() error) error {
			b.mu.Lock()
			defer b.mu.Unlock()
			old := b.cfg
			if err := apply(); err != nil {
				return err
			}
			built, err := build(b.cfg)
			if err != nil {
				b.cfg = old
				return err
			}
			b.built = built
			return nil
		}, lock: &b.mu}
		a.Flags.Var(fv, name, usage[name])
	}
	a.Run = b.runPass
}

// Bound returns the analyzer that build makes of cfg, with its flags bound (BindFlags):
// what the registry builds for a configuration.
func Bound[C any](cfg C, build func(C) (*analysis.Analyzer, error), usage map[string]string) (*analysis.Analyzer, error) {
	a, err := build(cfg)
	if err != nil {
		return nil, err
	}
	BindFlags(a, cfg, build, usage)
	return a, nil
}

// boundOptions is the state of a's flags: the options as the flags left them, and the
// analyzer built from them once a flag was set.
type boundOptions[C any] struct {
	mu    sync.Mutex
	cfg   C
	build func(C) (*analysis.Analyzer, error)
	run   func(*analysis.Pass) (any, error) // the analyzer's run for the options it was built with
	built *analysis.Analyzer                // nil until a flag is set
}

func (b *boundOptions[C]) runPass(pass *analysis.Pass) (any, error) {
	b.mu.Lock()
	built := b.built
	b.mu.Unlock()
	if built != nil {
		return built.Run(pass)
	}
	return b.run(pass)
}

// jsonName is the json key of a field ("" when it has none or is "-").
func jsonName(f reflect.StructField) string {
	tag := f.Tag.Get("json")
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" || !f.IsExported() {
		return ""
	}
	if name == "" {
		return f.Name
	}
	return name
}

// fieldValue is a flag.Value for one field of a Config: a bool, a string, a number, a
// comma-separated list of strings ([]string), or JSON for any other type.
type fieldValue struct {
	field reflect.Value
	set   func(apply func() error) error
	lock  *sync.Mutex
}

func (f *fieldValue) IsBoolFlag() bool { return f.field.Kind() == reflect.Bool }

func (f *fieldValue) String() string {
	if f == nil || !f.field.IsValid() {
		return ""
	}
	f.lock.Lock()
	defer f.lock.Unlock()
	return FormatOption(f.field)
}

func (f *fieldValue) Set(s string) error {
	return f.set(func() error { return ParseOption(f.field, s) })
}

// FormatOption is the flag form of an option's value (see ParseOption).
func FormatOption(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.String:
		return v.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.String {
			var parts []string
			for i := 0; i < v.Len(); i++ {
				parts = append(parts, v.Index(i).String())
			}
			return strings.Join(parts, ",")
		}
	}
	data, _ := json.Marshal(v.Interface())
	return string(data)
}

// ParseOption sets v from its flag form: true/false for a bool, the text for a string,
// a number, a comma-separated list for a list of strings (spaces around the commas are
// dropped; an empty value is the empty list), and JSON for anything else.
func ParseOption(v reflect.Value, s string) error {
	switch v.Kind() {
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("%q is not true or false", s)
		}
		v.SetBool(b)
		return nil
	case reflect.String:
		v.SetString(s)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("%q is not an integer", s)
		}
		v.SetInt(n)
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(s, 10, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("%q is not a non-negative integer", s)
		}
		v.SetUint(n)
		return nil
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(s, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("%q is not a number", s)
		}
		v.SetFloat(n)
		return nil
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.String {
			list := reflect.MakeSlice(v.Type(), 0, 0)
			for _, p := range strings.Split(s, ",") {
				if p = strings.TrimSpace(p); p != "" {
					list = reflect.Append(list, reflect.ValueOf(p).Convert(v.Type().Elem()))
				}
			}
			v.Set(list)
			return nil
		}
	}
	p := reflect.New(v.Type())
	if err := json.Unmarshal([]byte(s), p.Interface()); err != nil {
		return fmt.Errorf("%q is not JSON of a %s: %v", s, v.Type(), err)
	}
	v.Set(p.Elem())
	return nil
}

// OptionNames returns the json keys of the fields of the Config struct type t, sorted:
// the names of its flags.
func OptionNames(t reflect.Type) []string {
	var names []string
	for i := 0; i < t.NumField(); i++ {
		if n := jsonName(t.Field(i)); n != "" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// SetOption sets the option called name of the Config struct that cfg points to from
// its flag form (ParseOption). The error names the option when it has no such name.
func SetOption(cfg any, name, value string) error {
	v := reflect.ValueOf(cfg).Elem()
	for i := 0; i < v.NumField(); i++ {
		if jsonName(v.Type().Field(i)) == name {
			return ParseOption(v.Field(i), value)
		}
	}
	return fmt.Errorf("unknown option %q (known: %s)", name, strings.Join(OptionNames(v.Type()), ", "))
}
