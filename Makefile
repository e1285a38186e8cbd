# hexproof — build, test and benchmark.
GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

# staticcheck's version; `make deps` (which `make test` runs) installs it.
STATICCHECK_VERSION := v0.8.2
GOBIN_DIR := $(shell $(GO) env GOBIN)
ifeq ($(GOBIN_DIR),)
GOBIN_DIR := $(shell $(GO) env GOPATH)/bin
endif
STATICCHECK ?= $(shell command -v staticcheck 2>/dev/null || echo $(GOBIN_DIR)/staticcheck)

.PHONY: build test test-long test-short bench deps lint tools run fuzz clean

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o hexproof ./cmd/hexproof

# The whole suite, as CI runs it: what the tests need (deps), the checks,
# then every test.
test: lint
	$(GO) test -count=1 -timeout 20m ./...

# What the tests need beyond Go: staticcheck, rsvg-convert, Chromium, Slurm (started)
# and GNU parallel, installed when missing (Debian packages as root or with
# password-less sudo; otherwise it says what to install).
deps:
	GO=$(GO) STATICCHECK_VERSION=$(STATICCHECK_VERSION) scripts/test-deps.sh

# The suite with its long cases too: bigger boards and more repeats of the
# same checks (internal/testkit.Long).
test-long: lint
	HEXPROOF_LONG=1 $(GO) test -count=1 -timeout 60m ./...

test-short:
	$(GO) test -short ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Where comments must cite docs/design.md rather than the spec outside the
# repository: everywhere but the Makefile (which names the check).
CITE_CHECKED := . ':!Makefile'

# go vet, gofmt, go.mod tidy, citations, nothing read from ../shared (the
# suite must pass on a clone without it), staticcheck (its default checks).
lint: deps
	$(GO) vet ./...
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) mod tidy -diff
	@if git grep -nE '\bSPEC\b' -- $(CITE_CHECKED); then echo "cite docs/design.md, not SPEC"; exit 1; fi
	@if git grep -nE '\.\./shared|/work/shared' -- '*.go' testdata; then echo "tests and code must not read ../shared: copy the data into testdata/"; exit 1; fi
	@test -x "$(STATICCHECK)" || command -v $(STATICCHECK) >/dev/null || { echo "staticcheck not found: run make tools"; exit 1; }
	$(STATICCHECK) ./...

tools:
	$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParseMoves -fuzztime 60s ./board

# The main job on the embedded default (Badger under the user's cache directory).
run: build
	./hexproof verify --board 4x3 --strategy mirror --starter both

clean:
	rm -f hexproof
