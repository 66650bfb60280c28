package cache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func key(s string) Key { return Key(sha256.Sum256([]byte(s))) }

func TestDiskGetPut(t *testing.T) {
	d, err := OpenDisk(filepath.Join(t.TempDir(), "c"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := d.Get(key("a")); ok || err != nil {
		t.Fatalf("empty cache: hit=%v err=%v", ok, err)
	}
	if err := d.Put(key("a"), []byte("result A")); err != nil {
		t.Fatal(err)
	}
	if err := d.Put(key("b"), []byte("result A")); err != nil { // same output, one data file
		t.Fatal(err)
	}
	for _, k := range []string{"a", "b"} {
		got, ok, err := d.Get(key(k))
		if !ok || err != nil || string(got) != "result A" {
			t.Fatalf("Get(%s) = %q, %v, %v", k, got, ok, err)
		}
	}
	datas, _ := filepath.Glob(filepath.Join(d.Dir(), "*", "*-d"))
	if len(datas) != 1 {
		t.Errorf("identical outputs stored %d times, want once: %v", len(datas), datas)
	}
	// An empty output is a hit, not a miss.
	if err := d.Put(key("empty"), nil); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := d.Get(key("empty")); !ok || err != nil || len(got) != 0 {
		t.Fatalf("empty output: %q %v %v", got, ok, err)
	}
}

// A corrupt cache never gives a wrong result: a damaged entry or output is an error
// (the driver warns) and a miss.
func TestDiskCorrupt(t *testing.T) {
	d, err := OpenDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Put(key("a"), []byte("the right result")); err != nil {
		t.Fatal(err)
	}
	datas, _ := filepath.Glob(filepath.Join(d.Dir(), "*", "*-d"))
	if len(datas) != 1 {
		t.Fatal(datas)
	}
	// Same size, other bytes.
	if err := os.WriteFile(datas[0], []byte("the wrong result"), 0o666); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := d.Get(key("a")); ok || err == nil {
		t.Fatalf("corrupt output: got %q, hit=%v, err=%v; want a miss with an error", got, ok, err)
	}
	// A truncated entry file.
	entry := filepath.Join(d.Dir(), key("a").String()[:2], key("a").String()+"-a")
	if err := os.WriteFile(entry, []byte("rlc1 12"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := d.Get(key("a")); ok || err == nil || !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("truncated entry: hit=%v err=%v", ok, err)
	}
	// Put repairs it.
	if err := d.Put(key("a"), []byte("the right result")); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := d.Get(key("a")); !ok || err != nil || string(got) != "the right result" {
		t.Fatalf("after Put: %q %v %v", got, ok, err)
	}
}

func TestDiskTrimAndClean(t *testing.T) {
	dir := t.TempDir()
	d, err := OpenDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	d.now = func() time.Time { return now }
	if err := d.Put(key("old"), []byte("old")); err != nil {
		t.Fatal(err)
	}
	if err := d.Put(key("new"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	// Age the first entry and its output by six days.
	old := now.Add(-6 * 24 * time.Hour)
	for _, f := range []string{key("old").String() + "-a", hex.EncodeToString(sum([]byte("old"))) + "-d"} {
		if err := os.Chtimes(filepath.Join(dir, f[:2], f), old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := d.Get(key("old")); ok {
		t.Error("an entry unused for six days survived Trim")
	}
	if _, ok, _ := d.Get(key("new")); !ok {
		t.Error("a fresh entry was trimmed")
	}
	// Trim looks at most once a day: an entry aged now stays until tomorrow.
	if err := d.Put(key("old"), []byte("old")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{key("old").String() + "-a", hex.EncodeToString(sum([]byte("old"))) + "-d"} {
		os.Chtimes(filepath.Join(dir, f[:2], f), old, old)
	}
	d.Trim()
	if _, ok, _ := d.Get(key("old")); !ok {
		t.Error("Trim ran twice in a day")
	}

	other := filepath.Join(dir, "keep.txt")
	os.WriteFile(other, []byte("not ours"), 0o666)
	if err := Clean(dir); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := d.Get(key("new")); ok {
		t.Error("Clean left an entry")
	}
	if _, err := os.Stat(other); err != nil {
		t.Error("Clean removed a file that is not the cache's")
	}
	if err := Clean(filepath.Join(dir, "nonexistent")); err != nil {
		t.Errorf("Clean of a missing directory: %v", err)
	}
}

// An unwritable cache directory is an error of Put, not a panic; Get misses.
func TestDiskUnwritable(t *testing.T) {
	dir := t.TempDir()
	d, err := OpenDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Every shard is a file: no entry can be written.
	for i := 0; i < 256; i++ {
		os.WriteFile(filepath.Join(dir, hex.EncodeToString([]byte{byte(i)})), nil, 0o444)
	}
	if err := d.Put(key("a"), []byte("x")); err == nil {
		t.Fatal("Put into an unwritable cache succeeded")
	}
	if _, ok, _ := d.Get(key("a")); ok {
		t.Fatal("hit in an unwritable cache")
	}
	if _, err := OpenDisk(filepath.Join(dir, "00", "sub")); err == nil {
		t.Fatal("OpenDisk below a file succeeded")
	}
}

func TestSplitQuoted(t *testing.T) {
	for in, want := range map[string][]string{
		"go-cacher":                            {"go-cacher"},
		"  /bin/cacher  -dir /tmp/x ":          {"/bin/cacher", "-dir", "/tmp/x"},
		`cacher --dir "/tmp/with space" 'b c'`: {"cacher", "--dir", "/tmp/with space", "b c"},
	} {
		got, err := splitQuoted(in)
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("splitQuoted(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{`cacher "open`, `cacher "a"b`} {
		if _, err := splitQuoted(bad); err == nil {
			t.Errorf("splitQuoted(%q): no error", bad)
		}
	}
}

// fakeProgEnv makes the test binary a GOCACHEPROG program (TestMain): a store in the
// directory it names, answering in the go command's protocol.
const fakeProgEnv = "RECONCILELINT_TEST_FAKE_CACHEPROG"

func TestMain(m *testing.M) {
	if dir := os.Getenv(fakeProgEnv); dir != "" {
		fakeProg(dir)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeProg(dir string) {
	out := json.NewEncoder(os.Stdout)
	out.Encode(progResponse{ID: 0, KnownCommands: []string{"get", "put", "close"}})
	in := bufio.NewReader(os.Stdin)
	dec := json.NewDecoder(in)
	for {
		var req progRequest
		if err := dec.Decode(&req); err != nil {
			return
		}
		switch req.Command {
		case "get":
			name := filepath.Join(dir, hex.EncodeToString(req.ActionID))
			_, err := os.Stat(name)
			if err != nil {
				out.Encode(progResponse{ID: req.ID, Miss: true})
				continue
			}
			meta, _ := os.ReadFile(name + ".meta") // the OutputID and size given to put
			var stored progResponse
			json.Unmarshal(meta, &stored)
			out.Encode(progResponse{ID: req.ID, OutputID: stored.OutputID, Size: stored.Size, DiskPath: name})
		case "put":
			var body []byte
			if req.BodySize > 0 {
				var b64 string
				if err := dec.Decode(&b64); err != nil {
					return
				}
				body, _ = base64.StdEncoding.DecodeString(b64)
			}
			name := filepath.Join(dir, hex.EncodeToString(req.ActionID))
			os.WriteFile(name, body, 0o666)
			meta, _ := json.Marshal(progResponse{OutputID: req.OutputID, Size: int64(len(body))})
			os.WriteFile(name+".meta", meta, 0o666)
			out.Encode(progResponse{ID: req.ID, DiskPath: name})
		case "close":
			out.Encode(progResponse{ID: req.ID})
			return
		}
	}
}

func TestProg(t *testing.T) {
	store := t.TempDir()
	t.Setenv(fakeProgEnv, store)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	p, err := StartProg(exe+" -test.run=none", &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := p.Get(key("a")); ok || err != nil {
		t.Fatalf("empty store: %v %v", ok, err)
	}
	big := bytes.Repeat([]byte("facts and findings "), 10000)
	if err := p.Put(key("a"), big); err != nil {
		t.Fatal(err)
	}
	if err := p.Put(key("b"), nil); err != nil {
		t.Fatal(err)
	}
	// Concurrent requests are answered by ID.
	done := make(chan error)
	for i := 0; i < 8; i++ {
		go func() {
			got, ok, err := p.Get(key("a"))
			if err == nil && (!ok || !bytes.Equal(got, big)) {
				err = os.ErrInvalid
			}
			done <- err
		}()
	}
	for i := 0; i < 8; i++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if got, ok, err := p.Get(key("b")); !ok || err != nil || len(got) != 0 {
		t.Fatalf("empty body: %q %v %v", got, ok, err)
	}
	// A file that no longer matches what the program says it stored is an error.
	os.WriteFile(filepath.Join(store, key("a").String()), []byte("tampered"), 0o666)
	if _, ok, err := p.Get(key("a")); ok || err == nil {
		t.Fatalf("tampered file: hit=%v err=%v", ok, err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.Get(key("a")); err == nil {
		t.Fatal("Get after Close succeeded")
	}

	// A program that is not a cache program fails at start, with its name.
	if _, err := StartProg("true", &stderr); err == nil || !strings.Contains(err.Error(), "GOCACHEPROG true") {
		t.Fatalf("StartProg(true) = %v", err)
	}
	if _, err := StartProg("/nonexistent/cacher", &stderr); err == nil {
		t.Fatal("StartProg of a missing program succeeded")
	}
}
