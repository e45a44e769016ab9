#!/bin/sh
# The temporal-namespace job (temporalio/admin-tools): once the server answers, creates the namespace and registers
# the search attributes of client/search-attributes.ts, each name with its own --type (the CLI pairs the n-th --name
# with the n-th --type), then checks every one is there with its type. Idempotent; exits non-zero when a check fails.
set -eu
: "${TEMPORAL_ADDRESS:?TEMPORAL_ADDRESS is required}"
NAMESPACE="${TEMPORAL_NAMESPACE:-default}"
RETENTION="${TEMPORAL_NAMESPACE_RETENTION:-30d}"

until temporal operator cluster health >/dev/null 2>&1; do echo "waiting for Temporal at $TEMPORAL_ADDRESS"; sleep 2; done

temporal operator namespace describe --namespace "$NAMESPACE" >/dev/null 2>&1 ||
  temporal operator namespace create --namespace "$NAMESPACE" --retention "$RETENTION"

# A namespace just created is seen by the frontend after a few seconds: retry until the attributes are added.
attempt=1
until temporal operator search-attribute create --namespace "$NAMESPACE" \
  --name CampaignId --type Int \
  --name OrganizationId --type Int \
  --name CampaignState --type Keyword; do
  [ "$attempt" -lt 30 ] || break # the check below says what is missing
  attempt=$((attempt + 1))
  sleep 2
done

registered="$(temporal operator search-attribute list --namespace "$NAMESPACE")"
for expected in CampaignId:Int OrganizationId:Int CampaignState:Keyword; do
  name="${expected%%:*}"
  type="${expected##*:}"
  if ! printf '%s\n' "$registered" | grep -Eq "^[[:space:]]*$name[[:space:]]+$type[[:space:]]*$"; then
    echo "search attribute $name is not registered as $type:" >&2
    printf '%s\n' "$registered" >&2
    exit 1
  fi
done
echo "namespace $NAMESPACE has its search attributes"
