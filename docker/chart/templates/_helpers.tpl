{{/* The chart's name, and the release's full name (at most 63 characters, a DNS label). */}}
{{- define "content-api.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "content-api.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
The server's pods and everything that selects them carry component "server"; the migration
Job's pods carry "migrate", so that the Service never routes to them.
*/}}
{{- define "content-api.selectorLabels" -}}
app.kubernetes.io/name: {{ include "content-api.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: server
{{- end }}

{{- define "content-api.commonLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "content-api.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "content-api.labels" -}}
{{ include "content-api.commonLabels" . }}
app.kubernetes.io/component: server
{{- end }}

{{- define "content-api.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "content-api.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "content-api.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}
{{- end }}

{{/* PUBLIC_BASE_URL: the configured one, else https://<first ingress host>, else none. */}}
{{- define "content-api.publicBaseUrl" -}}
{{- if .Values.config.publicBaseUrl }}
{{- .Values.config.publicBaseUrl }}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts }}
{{- printf "https://%s" (index .Values.ingress.hosts 0).host }}
{{- end }}
{{- end }}

{{/* resources.limits.memory in MiB (the schema allows Ki, Mi, Gi, M, G or bytes). */}}
{{- define "content-api.memoryLimitMiB" -}}
{{- $limit := toString .Values.resources.limits.memory }}
{{- if hasSuffix "Gi" $limit }}{{ mul (trimSuffix "Gi" $limit | int64) 1024 }}
{{- else if hasSuffix "Mi" $limit }}{{ trimSuffix "Mi" $limit | int64 }}
{{- else if hasSuffix "Ki" $limit }}{{ div (trimSuffix "Ki" $limit | int64) 1024 }}
{{- else if hasSuffix "G" $limit }}{{ div (mul (trimSuffix "G" $limit | int64) 1000000000) 1048576 }}
{{- else if hasSuffix "M" $limit }}{{ div (mul (trimSuffix "M" $limit | int64) 1000000) 1048576 }}
{{- else }}{{ div ($limit | int64) 1048576 }}
{{- end }}
{{- end }}

{{/*
The V8 heap, as the image's entrypoint sizes it: heapMaxMiB, or heapPercentOfMemoryLimit of the
container's memory limit when that is less; young-generation semi-spaces of 16 MiB.
*/}}
{{- define "content-api.nodeOptions" -}}
{{- $mib := include "content-api.memoryLimitMiB" . | int64 }}
{{- $heap := min (div (mul $mib .Values.heapPercentOfMemoryLimit) 100) (.Values.heapMaxMiB | int64) }}
{{- printf "--max-old-space-size=%d --max-semi-space-size=16" $heap }}
{{- end }}

{{/* Environment shared by the pods and the migration Job: the ConfigMap, then the Secret's keys. */}}
{{- define "content-api.env" -}}
envFrom:
  - configMapRef:
      name: {{ include "content-api.fullname" . }}
env:
  - name: DATABASE_URL
    valueFrom:
      secretKeyRef:
        name: {{ .Values.secrets.existingSecret }}
        key: {{ .Values.secrets.databaseUrlKey }}
  - name: DATABASE_REPLICA_URLS
    valueFrom:
      secretKeyRef:
        name: {{ .Values.secrets.existingSecret }}
        key: {{ .Values.secrets.databaseReplicaUrlsKey }}
        optional: true
  - name: DATABASE_MIGRATION_URL
    valueFrom:
      secretKeyRef:
        name: {{ .Values.secrets.existingSecret }}
        key: {{ .Values.secrets.databaseMigrationUrlKey }}
        optional: true
  - name: REDIS_URL
    valueFrom:
      secretKeyRef:
        name: {{ .Values.secrets.existingSecret }}
        key: {{ .Values.secrets.redisUrlKey }}
        optional: true
  - name: MEDIA_S3_ACCESS_KEY_ID
    valueFrom:
      secretKeyRef:
        name: {{ .Values.secrets.existingSecret }}
        key: {{ .Values.secrets.s3AccessKeyIdKey }}
        optional: true
  - name: MEDIA_S3_SECRET_ACCESS_KEY
    valueFrom:
      secretKeyRef:
        name: {{ .Values.secrets.existingSecret }}
        key: {{ .Values.secrets.s3SecretAccessKeyKey }}
        optional: true
  - name: SMTP_URL
    valueFrom:
      secretKeyRef:
        name: {{ .Values.secrets.existingSecret }}
        key: {{ .Values.secrets.smtpUrlKey }}
        optional: true
  - name: NODE_OPTIONS
    value: {{ include "content-api.nodeOptions" . | quote }}
  - name: HEAP_GROWING_PERCENT
    value: {{ .Values.heapGrowingPercent | quote }}
{{- end }}

{{- define "content-api.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "content-api.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/* Writable folders under the read-only root: /tmp, and DATA_DIR (/data) for local media. */}}
{{- define "content-api.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /data
{{- end }}

{{- define "content-api.volumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: 256Mi
- name: data
  emptyDir:
    sizeLimit: 1Gi
{{- end }}
