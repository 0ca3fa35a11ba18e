export interface paths {
    "/v1/apikeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (APIKeyList): names, roles, prefixes, revoked or not; never the keys */
        get: operations["ApiKeys_list"];
        put?: never;
        /** Create an API key {metadata: {name}, spec: {role: viewer|operator|admin}}; the answer holds the key, shown only this once */
        post: operations["ApiKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/apikeys/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an API key (without the key) */
        get: operations["ApiKeys_get"];
        put?: never;
        post?: never;
        /** Revoke an API key: it stops working (within 5 s on other replicas); the name stays taken */
        delete: operations["ApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit trail, newest first (AuditEventList): who (actor, request id, client address) did what (action, object, before and after); filters ?cluster=&actor=&action=&kind=&namespace=&name=&since=&until= (RFC 3339), pages of ?limit= (default 500) and ?continue= */
        get: operations["Audit_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the clusters (ClusterList) by name, each with how many nodes and pods it holds, a page at a time */
        get: operations["Clusters_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a cluster */
        get: operations["Clusters_get"];
        /** Create a cluster (201), or read the one there is (200); its first write creates it as well */
        put: operations["Clusters_put"];
        post?: never;
        /** Delete a cluster and everything in it; answers what it held. The default cluster may not be deleted */
        delete: operations["Clusters_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evictions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** NoExecute evictions (scheduled, cancelled, executed), newest first, with the taint that caused each, a page at a time */
        get: operations["Evictions_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/evictions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** NoExecute evictions (scheduled, cancelled, executed), newest first, with the taint that caused each, a page at a time */
        get: operations["Evictions_list_byCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/livez": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness, in kube-apiserver's text: the process answers */
        get: operations["Health_livez"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness, in kube-apiserver's text: Postgres answers */
        get: operations["Health_readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The JSON report of /readyz, for probes set up before it */
        get: operations["Health_healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/taint-impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What if this taint were added? {taint, nodes? | selector? | all?, inline?: {nodes, pods}}: how many pods are evicted now, later (by when), stay, and pending pods left with no node (?view=pods: every pod, paged) */
        post: operations["Impact_evaluate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/taint-impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What if this taint were added? {taint, nodes? | selector? | all?, inline?: {nodes, pods}}: how many pods are evicted now, later (by when), stay, and pending pods left with no node (?view=pods: every pod, paged) */
        post: operations["Impact_evaluate_byCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import what kubectl prints (kubectl get nodes,pods -A -o json or -o yaml): objects kept as they are, validated one by one; answers created, updated, unchanged, deleted and rejected */
        post: operations["Import_run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import what kubectl prints (kubectl get nodes,pods -A -o json or -o yaml): objects kept as they are, validated one by one; answers created, updated, unchanged, deleted and rejected */
        post: operations["Import_run_byCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List nodes (NodeList) by name, optionally by ?labelSelector= in kubectl syntax, a page at a time */
        get: operations["Nodes_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List nodes (NodeList) by name, optionally by ?labelSelector= in kubectl syntax, a page at a time */
        get: operations["Nodes_list_byCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a node */
        get: operations["Nodes_get"];
        /** Create (201) or replace (200) a node; kubectl get node -o json output is accepted without its metadata.resourceVersion: with one, only that version is replaced (409 if the stored node is at another, 404 if there is none) */
        put: operations["Nodes_put"];
        post?: never;
        /** Delete a node and its taints; answers the deleted node. A DeleteOptions body may hold preconditions (uid, resourceVersion): 409 if one fails */
        delete: operations["Nodes_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/nodes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a node */
        get: operations["Nodes_get_byCluster"];
        /** Create (201) or replace (200) a node; kubectl get node -o json output is accepted without its metadata.resourceVersion: with one, only that version is replaced (409 if the stored node is at another, 404 if there is none) */
        put: operations["Nodes_put_byCluster"];
        post?: never;
        /** Delete a node and its taints; answers the deleted node. A DeleteOptions body may hold preconditions (uid, resourceVersion): 409 if one fails */
        delete: operations["Nodes_remove_byCluster"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{name}/cordon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** kubectl cordon: spec.unschedulable and the unschedulable NoSchedule taint; answers the node */
        post: operations["Nodes_cordon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/nodes/{name}/cordon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** kubectl cordon: spec.unschedulable and the unschedulable NoSchedule taint; answers the node */
        post: operations["Nodes_cordon_byCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{name}/uncordon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** kubectl uncordon; answers the node */
        post: operations["Nodes_uncordon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/nodes/{name}/uncordon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** kubectl uncordon; answers the node */
        post: operations["Nodes_uncordon_byCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/placement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Where can this pod go? {pod, nodes?, pods?}: the summary line, counts, the best nodes and the others grouped by reasons (?view=nodes: every node, paged) */
        post: operations["Placement_place"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/placement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Where can this pod go? {pod, nodes?, pods?}: the summary line, counts, the best nodes and the others grouped by reasons (?view=nodes: every node, paged) */
        post: operations["Placement_place_byCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/namespaces/{namespace}/pods/{name}/placement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Placement of a stored pod over the stored nodes; ?reschedule=true: where it could go if it were rescheduled (draining) */
        get: operations["Placement_placeStored"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/namespaces/{namespace}/pods/{name}/placement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Placement of a stored pod over the stored nodes; ?reschedule=true: where it could go if it were rescheduled (draining) */
        get: operations["Placement_placeStored_byCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List pods (PodList) of every namespace or of one, by namespace and name, by ?nodeName= and ?phase=, a page at a time */
        get: operations["Pods_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/namespaces/{namespace}/pods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List pods (PodList) of every namespace or of one, by namespace and name, by ?nodeName= and ?phase=, a page at a time */
        get: operations["Pods_list_byNamespace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/pods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List pods (PodList) of every namespace or of one, by namespace and name, by ?nodeName= and ?phase=, a page at a time */
        get: operations["Pods_list_byCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/namespaces/{namespace}/pods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List pods (PodList) of every namespace or of one, by namespace and name, by ?nodeName= and ?phase=, a page at a time */
        get: operations["Pods_list_byClusterNamespace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/namespaces/{namespace}/pods/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a pod */
        get: operations["Pods_get"];
        /** Create (201) or replace (200) a pod; admission defaults are applied and visible in the answer. With metadata.resourceVersion, only that version is replaced (409 if the stored pod is at another, 404 if there is none) */
        put: operations["Pods_put"];
        post?: never;
        /** Delete a pod; answers the deleted pod. A DeleteOptions body may hold preconditions (uid, resourceVersion): 409 if one fails */
        delete: operations["Pods_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/namespaces/{namespace}/pods/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a pod */
        get: operations["Pods_get_byCluster"];
        /** Create (201) or replace (200) a pod; admission defaults are applied and visible in the answer. With metadata.resourceVersion, only that version is replaced (409 if the stored pod is at another, 404 if there is none) */
        put: operations["Pods_put_byCluster"];
        post?: never;
        /** Delete a pod; answers the deleted pod. A DeleteOptions body may hold preconditions (uid, resourceVersion): 409 if one fails */
        delete: operations["Pods_remove_byCluster"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{name}/taints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add one taint {key, value?, effect}; 409 if the key and effect exist, unless ?overwrite=true */
        post: operations["Taints_add"];
        /** Remove the taint of key and effect; without effect, every effect of the key (kubectl's key-) */
        delete: operations["Taints_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/nodes/{name}/taints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add one taint {key, value?, effect}; 409 if the key and effect exist, unless ?overwrite=true */
        post: operations["Taints_add_byCluster"];
        /** Remove the taint of key and effect; without effect, every effect of the key (kubectl's key-) */
        delete: operations["Taints_remove_byCluster"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/taint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** kubectl taint: several taint arguments over nodes by name, selector or all; refused for one node, nothing changes; over 1,000 nodes, stored in writes of 1,000 */
        post: operations["Taints_command"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clusters/{cluster}/taint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** kubectl taint: several taint arguments over nodes by name, selector or all; refused for one node, nothing changes; over 1,000 nodes, stored in writes of 1,000 */
        post: operations["Taints_command_byCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhooks (WebhookList), without their secrets */
        get: operations["Webhooks_list"];
        put?: never;
        /** Register a webhook {url, events, secret, format?, cluster?}: told of those events from now on; the answer never holds the secret */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook (without its secret) */
        get: operations["Webhooks_get"];
        put?: never;
        post?: never;
        /** Delete a webhook: it is told nothing more, and its deliveries go with it */
        delete: operations["Webhooks_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook's deliveries, newest first: status (pending, succeeded, failed), attempts, last error, the answer's status */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        TaintNodesBody: {
            /**
             * @description node names
             * @example [
             *       "node-1",
             *       "node-2"
             *     ]
             */
            nodes?: string[];
            /**
             * @description label selector, kubectl's -l syntax
             * @example pool=gpu
             */
            selector?: string;
            /** @description every node (kubectl --all) */
            all?: boolean;
            /**
             * @example [
             *       "dedicated=gpu:NoSchedule",
             *       "old:NoExecute-",
             *       "legacy-"
             *     ]
             */
            taints: string[];
            /** @description replace a taint of the same key and effect (kubectl --overwrite) */
            overwrite?: boolean;
            /** @description answer what the nodes would become, change nothing */
            dryRun?: boolean;
        };
        CreateWebhookBody: {
            /**
             * @description http:// or https:// URL the deliveries are POSTed to
             * @example https://hooks.example.com/taintgate
             */
            url: string;
            /**
             * @description the events it is told of (at least one)
             * @example [
             *       "EvictionExecuted",
             *       "TaintAdded"
             *     ]
             */
            events: ("EvictionScheduled" | "EvictionExecuted" | "EvictionCancelled" | "TaintAdded" | "TaintRemoved" | "ImportFinished")[];
            /** @description HMAC-SHA256 key of X-Taintgate-Signature; never answered */
            secret: string;
            /**
             * @description json: taintgate's event JSON; slack: {"text": "<Markdown>"}
             * @default json
             * @enum {string}
             */
            format: "json" | "slack";
            /**
             * @description only this cluster's events; absent: every cluster
             * @example prod
             */
            cluster?: string;
        };
        WebhookAnswer: {
            /** @example 1 */
            id: string;
            url: string;
            events: ("EvictionScheduled" | "EvictionExecuted" | "EvictionCancelled" | "TaintAdded" | "TaintRemoved" | "ImportFinished")[];
            /** @enum {string} */
            format: "json" | "slack";
            /** @description null: every cluster */
            cluster: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        WebhookListAnswer: {
            /** @example taintgate.io/v1 */
            apiVersion: string;
            /** @example WebhookList */
            kind: string;
            metadata: Record<string, never>;
            items: components["schemas"]["WebhookAnswer"][];
        };
        DeliveryAnswer: {
            /**
             * Format: uuid
             * @description the X-Taintgate-Delivery header sent with it
             */
            id: string;
            /** @enum {string} */
            event: "EvictionScheduled" | "EvictionExecuted" | "EvictionCancelled" | "TaintAdded" | "TaintRemoved" | "ImportFinished";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** @description attempts made so far */
            attempts: number;
            /** @description the last failed attempt's error (HTTP status and the start of the answer, or why no answer) */
            lastError: string | null;
            /** @description the last answer's HTTP status */
            responseStatus: number | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: date-time */
            deliveredAt: string | null;
        };
        DeliveryListAnswer: {
            /** @example taintgate.io/v1 */
            apiVersion: string;
            /** @example WebhookDeliveryList */
            kind: string;
            /** @description continue: the next page's token */
            metadata: Record<string, never>;
            items: components["schemas"]["DeliveryAnswer"][];
        };
        ApiErrorDetail: {
            /**
             * @description Kubernetes field path of the bad value
             * @example spec.taints[1].effect
             */
            field: string;
            /**
             * @description What is wrong with it, in the API server's words (what kubectl prints after the path)
             * @example Unsupported value: "Sometimes": supported values: "NoExecute", "NoSchedule", "PreferNoSchedule"
             */
            reason: string;
        };
        ApiErrorBody: {
            /**
             * @description The HTTP status code, repeated
             * @example 400
             */
            statusCode: number;
            /**
             * @description The HTTP reason phrase of the status code
             * @example Bad Request
             */
            error: string;
            /**
             * @description What went wrong, worded as the Kubernetes API server words it where it has a wording
             * @example Node "n1" is invalid: spec.taints[1].effect: Required value
             */
            message: string;
            /** @description One entry per bad field, when the request itself was invalid */
            details?: components["schemas"]["ApiErrorDetail"][];
        };
        /** @description Scheduling constraints. */
        Affinity: {
            /** @description The nodes the pod may be, or prefers to be, scheduled onto. */
            nodeAffinity?: components["schemas"]["NodeAffinity"];
            /** @description Pods the pod is to be scheduled near. */
            podAffinity?: Record<string, never>;
            /** @description Pods the pod is to be scheduled away from. */
            podAntiAffinity?: Record<string, never>;
        };
        /** @description A volume attached to a node. */
        AttachedVolume: {
            /** @description The volume's name. */
            name: string;
            /** @description Where the volume is available on the node. */
            devicePath: string;
        };
        /** @description A ConfigMap holding a kubelet configuration. */
        ConfigMapNodeConfigSource: {
            /** @description The ConfigMap's namespace. */
            namespace: string;
            /** @description The ConfigMap's name. */
            name: string;
            /** @description The ConfigMap's uid. */
            uid?: string;
            /** @description The ConfigMap's resourceVersion. */
            resourceVersion?: string;
            /** @description The key of the ConfigMap that holds the configuration. */
            kubeletConfigKey: string;
        };
        /** @description A container of a pod. */
        Container: {
            /** @description The container's name (a DNS label), unique in the pod. */
            name: string;
            /** @description The container image. */
            image?: string;
            /** @description The entrypoint, instead of the image's. */
            command?: string[];
            /** @description Arguments to the entrypoint, instead of the image's. */
            args?: string[];
            /** @description The working directory, instead of the image's. */
            workingDir?: string;
            /** @description Ports the container exposes (informational). */
            ports?: components["schemas"]["ContainerPort"][];
            /** @description Sources (ConfigMaps, Secrets) of environment variables. */
            envFrom?: Record<string, never>[];
            /** @description Environment variables. */
            env?: components["schemas"]["EnvVar"][];
            /** @description The compute resources the container requests (counted when scheduling) and may use at most. */
            resources?: components["schemas"]["ResourceRequirements"];
            /** @description How each resource may be resized in place. */
            resizePolicy?: Record<string, never>[];
            /** @description On an init container, Always makes it a sidecar, which keeps running beside the others. */
            restartPolicy?: string;
            /** @description Rules, by exit code, that override restartPolicy. */
            restartPolicyRules?: Record<string, never>[];
            /** @description Volumes of the pod mounted into the container. */
            volumeMounts?: components["schemas"]["VolumeMount"][];
            /** @description Block volumes of the pod exposed to the container. */
            volumeDevices?: Record<string, never>[];
            /** @description When the container is restarted. */
            livenessProbe?: Record<string, never>;
            /** @description When the container is ready for traffic. */
            readinessProbe?: Record<string, never>;
            /** @description When the container has started. */
            startupProbe?: Record<string, never>;
            /** @description Actions taken after the container starts and before it stops. */
            lifecycle?: Record<string, never>;
            /** @description Where the container writes its termination message. */
            terminationMessagePath?: string;
            /** @description File or FallbackToLogsOnError. */
            terminationMessagePolicy?: string;
            /** @description Always, Never or IfNotPresent. */
            imagePullPolicy?: string;
            /** @description The container's security options. */
            securityContext?: Record<string, never>;
            /** @description Whether the container has a stdin buffer. */
            stdin?: boolean;
            /** @description Whether stdin closes after the first attach. */
            stdinOnce?: boolean;
            /** @description Whether the container has a TTY. */
            tty?: boolean;
        };
        /** @description A container image on a node. */
        ContainerImage: {
            /** @description Names (and digests) the image is known by. */
            names: string[];
            /**
             * Format: int64
             * @description Its size, in bytes.
             */
            sizeBytes?: number;
        };
        /** @description A port a container exposes. */
        ContainerPort: {
            /** @description The port's name (an IANA service name), unique in the pod. */
            name?: string;
            /**
             * Format: int32
             * @description The port on the node it is also exposed at; a node can host one pod per host port.
             */
            hostPort?: number;
            /**
             * Format: int32
             * @description The port number in the pod.
             */
            containerPort: number;
            /** @description TCP, UDP or SCTP; TCP by default. */
            protocol?: string;
            /** @description The node's IP a hostPort binds. */
            hostIP?: string;
        };
        /** @description The status of one container. */
        ContainerStatus: {
            /** @description The container's name. */
            name: string;
            /** @description What the container is doing: waiting, running or terminated. */
            state?: Record<string, never>;
            /** @description How the container last terminated. */
            lastState?: Record<string, never>;
            /** @description Whether it passes its readiness probe. */
            ready: boolean;
            /**
             * Format: int32
             * @description How many times it restarted.
             */
            restartCount: number;
            /** @description The image it runs. */
            image: string;
            /** @description The image's ID. */
            imageID: string;
            /** @description <runtime>://<id>. */
            containerID?: string;
            /** @description Whether it has started (passed its startup probe). */
            started?: boolean;
            /** @description Resources allocated to it. */
            allocatedResources?: {
                [key: string]: components["schemas"]["Quantity"];
            };
            /** @description The resources in effect. */
            resources?: components["schemas"]["ResourceRequirements"];
            /** @description Its volume mounts. */
            volumeMounts?: Record<string, never>[];
            /** @description The identity it runs as. */
            user?: Record<string, never>;
            /** @description The health of its allocated resources. */
            allocatedResourcesStatus?: Record<string, never>[];
            /** @description The signal that stops it. */
            stopSignal?: string;
        };
        /** @description A daemon's port. */
        DaemonEndpoint: {
            /**
             * Format: int32
             * @description The port number.
             */
            Port: number;
        };
        /** @description An environment variable. */
        EnvVar: {
            /** @description The variable's name. */
            name: string;
            /** @description Its value; $(VAR) references are expanded. */
            value?: string;
            /** @description Where its value comes from (a field, a resource, a ConfigMap or a Secret key). */
            valueFrom?: Record<string, never>;
        };
        /** @description A container added to a running pod, for debugging. It has no resources of its own. */
        EphemeralContainer: {
            /** @description The container's name (a DNS label), unique in the pod. */
            name: string;
            /** @description The container image. */
            image?: string;
            /** @description The entrypoint, instead of the image's. */
            command?: string[];
            /** @description Arguments to the entrypoint, instead of the image's. */
            args?: string[];
            /** @description The working directory, instead of the image's. */
            workingDir?: string;
            /** @description Ports the container exposes (informational). */
            ports?: components["schemas"]["ContainerPort"][];
            /** @description Sources (ConfigMaps, Secrets) of environment variables. */
            envFrom?: Record<string, never>[];
            /** @description Environment variables. */
            env?: components["schemas"]["EnvVar"][];
            /** @description The compute resources the container requests (counted when scheduling) and may use at most. */
            resources?: components["schemas"]["ResourceRequirements"];
            /** @description How each resource may be resized in place. */
            resizePolicy?: Record<string, never>[];
            /** @description On an init container, Always makes it a sidecar, which keeps running beside the others. */
            restartPolicy?: string;
            /** @description Rules, by exit code, that override restartPolicy. */
            restartPolicyRules?: Record<string, never>[];
            /** @description Volumes of the pod mounted into the container. */
            volumeMounts?: components["schemas"]["VolumeMount"][];
            /** @description Block volumes of the pod exposed to the container. */
            volumeDevices?: Record<string, never>[];
            /** @description When the container is restarted. */
            livenessProbe?: Record<string, never>;
            /** @description When the container is ready for traffic. */
            readinessProbe?: Record<string, never>;
            /** @description When the container has started. */
            startupProbe?: Record<string, never>;
            /** @description Actions taken after the container starts and before it stops. */
            lifecycle?: Record<string, never>;
            /** @description Where the container writes its termination message. */
            terminationMessagePath?: string;
            /** @description File or FallbackToLogsOnError. */
            terminationMessagePolicy?: string;
            /** @description Always, Never or IfNotPresent. */
            imagePullPolicy?: string;
            /** @description The container's security options. */
            securityContext?: Record<string, never>;
            /** @description Whether the container has a stdin buffer. */
            stdin?: boolean;
            /** @description Whether stdin closes after the first attach. */
            stdinOnce?: boolean;
            /** @description Whether the container has a TTY. */
            tty?: boolean;
            /** @description The container whose namespaces it shares. */
            targetContainerName?: string;
        };
        /** @description An /etc/hosts entry. */
        HostAlias: {
            /** @description The IP address. */
            ip: string;
            /** @description Its hostnames. */
            hostnames?: string[];
        };
        /** @description An IP of the node a pod runs on. */
        HostIP: {
            /** @description The IP. */
            ip: string;
        };
        /** @description An object in the same namespace, by name. */
        LocalObjectReference: {
            /** @description Its name. */
            name?: string;
        };
        /** @description A worker machine. Its taints repel the pods that do not tolerate them; its status says what it has and how it is. */
        Node: {
            /** @description The versioned schema of this representation of an object (v1 for the core group). */
            apiVersion?: string;
            /** @description The REST resource this object represents, in CamelCase (Node, Pod). */
            kind?: string;
            /** @description Standard object metadata. A node is cluster-scoped: no namespace. */
            metadata?: components["schemas"]["ObjectMeta"];
            /** @description How the node is to be used: its taints, whether it takes new pods. */
            spec?: components["schemas"]["NodeSpec"];
            /** @description What the node reports: conditions, addresses, capacity and allocatable resources. */
            status?: components["schemas"]["NodeStatus"];
        };
        /** @description One address of a node. */
        NodeAddress: {
            /** @description Hostname, InternalIP, ExternalIP, InternalDNS or ExternalDNS. */
            type: string;
            /** @description The address. */
            address: string;
        };
        /** @description Node affinity: which nodes, by label or field, the pod may be or prefers to be scheduled onto. */
        NodeAffinity: {
            /** @description Nodes the pod may be scheduled onto; once bound it stays if they change. */
            requiredDuringSchedulingIgnoredDuringExecution?: components["schemas"]["NodeSelector"];
            /** @description Nodes the scheduler prefers, by weight. */
            preferredDuringSchedulingIgnoredDuringExecution?: components["schemas"]["PreferredSchedulingTerm"][];
        };
        /** @description One condition of a node. A condition that is not as it should be (Ready not True, a pressure True) is reflected by a node.kubernetes.io taint. */
        NodeCondition: {
            /** @description The condition: Ready, MemoryPressure, DiskPressure, PIDPressure or NetworkUnavailable. */
            type: string;
            /** @description True, False or Unknown. */
            status: string;
            /** @description When the condition was last reported. */
            lastHeartbeatTime?: components["schemas"]["Time"];
            /** @description When the status last changed. */
            lastTransitionTime?: components["schemas"]["Time"];
            /** @description Why the condition is as it is, in CamelCase. */
            reason?: string;
            /** @description Details, for a person to read. */
            message?: string;
        };
        /** @description A kubelet configuration source. */
        NodeConfigSource: {
            /** @description A ConfigMap holding the configuration. */
            configMap?: components["schemas"]["ConfigMapNodeConfigSource"];
        };
        /** @description The status of the kubelet configuration sources. */
        NodeConfigStatus: {
            /** @description A kubelet configuration source (dynamic kubelet configuration, removed from the kubelet). */
            assigned?: components["schemas"]["NodeConfigSource"];
            /** @description A kubelet configuration source (dynamic kubelet configuration, removed from the kubelet). */
            active?: components["schemas"]["NodeConfigSource"];
            /** @description A kubelet configuration source (dynamic kubelet configuration, removed from the kubelet). */
            lastKnownGood?: components["schemas"]["NodeConfigSource"];
            /** @description Any error with the configuration. */
            error?: string;
        };
        /** @description The ports of the daemons on a node. */
        NodeDaemonEndpoints: {
            /** @description The kubelet's port. */
            kubeletEndpoint?: components["schemas"]["DaemonEndpoint"];
        };
        /** @description Features the kubelet supports. */
        NodeFeatures: {
            /** @description The pod-level supplementalGroupsPolicy field. */
            supplementalGroupsPolicy?: boolean;
        };
        /** @description A list of nodes. */
        NodeList: {
            /** @description The versioned schema of this representation of an object (v1 for the core group). */
            apiVersion?: string;
            /** @description The REST resource this object represents, in CamelCase (Node, Pod). */
            kind?: string;
            /** @description Standard list metadata. */
            metadata?: components["schemas"]["ListMeta"];
            /** @description The nodes. */
            items: components["schemas"]["Node"][];
        };
        /** @description A container runtime handler. */
        NodeRuntimeHandler: {
            /** @description The handler's name; empty for the default handler. */
            name?: string;
            /** @description What the handler supports. */
            features?: components["schemas"]["NodeRuntimeHandlerFeatures"];
        };
        /** @description What a runtime handler supports. */
        NodeRuntimeHandlerFeatures: {
            /** @description Recursive read-only mounts. */
            recursiveReadOnlyMounts?: boolean;
            /** @description User namespaces. */
            userNamespaces?: boolean;
        };
        /** @description Terms ORed: a node matches when it matches any term. */
        NodeSelector: {
            /** @description The terms. */
            nodeSelectorTerms: components["schemas"]["NodeSelectorTerm"][];
        };
        /** @description A key, an operator and values. */
        NodeSelectorRequirement: {
            /** @description The label key (or field) the requirement is on. */
            key: string;
            /**
             * @description In, NotIn, Exists, DoesNotExist, Gt or Lt.
             * @enum {string}
             */
            operator: "In" | "NotIn" | "Exists" | "DoesNotExist" | "Gt" | "Lt";
            /** @description For In and NotIn, one or more; for Exists and DoesNotExist, none; for Gt and Lt, one integer. */
            values?: string[];
        };
        /** @description Requirements ANDed; a term with none matches no node. */
        NodeSelectorTerm: {
            /** @description Requirements on the node's labels. */
            matchExpressions?: components["schemas"]["NodeSelectorRequirement"][];
            /** @description Requirements on the node's fields (metadata.name). */
            matchFields?: components["schemas"]["NodeSelectorRequirement"][];
        };
        /** @description How a node is to be used. */
        NodeSpec: {
            /** @description The pod IP range assigned to the node. */
            podCIDR?: string;
            /** @description The pod IP ranges assigned to the node, at most one per IP family; the first equals podCIDR. */
            podCIDRs?: string[];
            /** @description The node's ID in its cloud provider: <provider>://<id>. */
            providerID?: string;
            /** @description When true no new pod is scheduled onto the node (kubectl cordon); pods already there stay. The node.kubernetes.io/unschedulable:NoSchedule taint says the same. */
            unschedulable?: boolean;
            /** @description The node's taints. A pod that does not tolerate a NoSchedule taint is not scheduled here; a running pod that does not tolerate a NoExecute taint is evicted. The list is replaced whole by a patch. */
            taints?: components["schemas"]["Taint"][];
            /** @description A kubelet configuration source (dynamic kubelet configuration, removed from the kubelet). */
            configSource?: components["schemas"]["NodeConfigSource"];
            /** @description Deprecated; not used. */
            externalID?: string;
            /** @description Whether pods bound to the node may be preempted by others (node-level preemption policy). */
            podPreemptionPolicy?: string;
        };
        /** @description What a node reports of itself. */
        NodeStatus: {
            /** @description The total resources of the node (cpu, memory, pods, ephemeral-storage, extended resources). */
            capacity?: {
                [key: string]: components["schemas"]["Quantity"];
            };
            /** @description The resources available to pods: capacity less what the system reserves. Scheduling counts requests against it. */
            allocatable?: {
                [key: string]: components["schemas"]["Quantity"];
            };
            /** @description Deprecated: unused. */
            phase?: string;
            /** @description The node's conditions (Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable), one per type. */
            conditions?: components["schemas"]["NodeCondition"][];
            /** @description The node's addresses, one per type (InternalIP, ExternalIP, Hostname, ...). */
            addresses?: components["schemas"]["NodeAddress"][];
            /** @description The ports of the daemons on the node. */
            daemonEndpoints?: components["schemas"]["NodeDaemonEndpoints"];
            /** @description The node's operating system, kernel, runtime and kubelet versions. */
            nodeInfo?: components["schemas"]["NodeSystemInfo"];
            /** @description Container images on the node. */
            images?: components["schemas"]["ContainerImage"][];
            /** @description Volumes attached and mounted on the node. */
            volumesInUse?: string[];
            /** @description Volumes attached to the node. */
            volumesAttached?: components["schemas"]["AttachedVolume"][];
            /** @description The status of the kubelet configuration sources. */
            config?: components["schemas"]["NodeConfigStatus"];
            /** @description The container runtime's handlers. */
            runtimeHandlers?: components["schemas"]["NodeRuntimeHandler"][];
            /** @description Features the kubelet supports. */
            features?: components["schemas"]["NodeFeatures"];
            /** @description Features the node declares it has. */
            declaredFeatures?: string[];
        };
        /** @description Swap memory on a node. */
        NodeSwapStatus: {
            /**
             * Format: int64
             * @description Total swap, in bytes.
             */
            capacity?: number;
        };
        /** @description What the node runs. */
        NodeSystemInfo: {
            /** @description The machine ID (/etc/machine-id). */
            machineID: string;
            /** @description The system UUID reported by the firmware. */
            systemUUID: string;
            /** @description The boot ID, which changes on every boot. */
            bootID: string;
            /** @description The kernel version (uname -r). */
            kernelVersion: string;
            /** @description The operating system image (/etc/os-release). */
            osImage: string;
            /** @description The container runtime and its version (containerd://1.7.0). */
            containerRuntimeVersion: string;
            /** @description The kubelet version. */
            kubeletVersion: string;
            /** @description Deprecated: the kube-proxy version, as the kubelet reported it. */
            kubeProxyVersion: string;
            /** @description linux or windows. */
            operatingSystem: string;
            /** @description amd64, arm64, ... */
            architecture: string;
            /** @description The node's swap memory. */
            swap?: components["schemas"]["NodeSwapStatus"];
        };
        /** @description A group of containers run together on one node. Its tolerations say which tainted nodes it may run on. */
        Pod: {
            /** @description The versioned schema of this representation of an object (v1 for the core group). */
            apiVersion?: string;
            /** @description The REST resource this object represents, in CamelCase (Node, Pod). */
            kind?: string;
            /** @description Standard object metadata. */
            metadata?: components["schemas"]["ObjectMeta"];
            /** @description What the pod runs and where it may be scheduled. */
            spec?: components["schemas"]["PodSpec"];
            /** @description What the pod is doing: its phase, conditions and containers. */
            status?: components["schemas"]["PodStatus"];
        };
        /** @description One condition of a pod. */
        PodCondition: {
            /** @description The condition (PodScheduled, Ready, DisruptionTarget, ...). */
            type: string;
            /**
             * Format: int64
             * @description The generation of the pod the condition is of.
             */
            observedGeneration?: number;
            /** @description True, False or Unknown. */
            status: string;
            /** @description When the condition was last probed. */
            lastProbeTime?: components["schemas"]["Time"];
            /** @description When the status last changed. */
            lastTransitionTime?: components["schemas"]["Time"];
            /** @description Why, in CamelCase (EvictionByEvictionAPI, DeletionByTaintManager). */
            reason?: string;
            /** @description Details, for a person to read. */
            message?: string;
        };
        /** @description An IP of a pod. */
        PodIP: {
            /** @description The IP. */
            ip: string;
        };
        /** @description A list of pods. */
        PodList: {
            /** @description The versioned schema of this representation of an object (v1 for the core group). */
            apiVersion?: string;
            /** @description The REST resource this object represents, in CamelCase (Node, Pod). */
            kind?: string;
            /** @description Standard list metadata. */
            metadata?: components["schemas"]["ListMeta"];
            /** @description The pods. */
            items: components["schemas"]["Pod"][];
        };
        /** @description The operating system a pod needs. */
        PodOS: {
            /** @description linux or windows. */
            name: string;
        };
        /** @description A pod condition that must be True for the pod to be ready. */
        PodReadinessGate: {
            /** @description The condition's type. */
            conditionType: string;
        };
        /** @description A gate that keeps a pod from being scheduled until it is removed. */
        PodSchedulingGate: {
            /** @description The gate's name. */
            name: string;
        };
        /** @description What a pod runs and where it may be scheduled. */
        PodSpec: {
            /** @description Volumes the containers may mount. */
            volumes?: components["schemas"]["Volume"][];
            /** @description Containers run in order before the others start; their requests count towards the pod's. */
            initContainers?: components["schemas"]["Container"][];
            /** @description The pod's containers; at least one. */
            containers: components["schemas"]["Container"][];
            /** @description Containers added to a running pod for debugging. */
            ephemeralContainers?: components["schemas"]["EphemeralContainer"][];
            /** @description Always, OnFailure or Never. */
            restartPolicy?: string;
            /**
             * Format: int64
             * @description Seconds the pod is given to stop when deleted (30 by default); also how long an eviction takes.
             */
            terminationGracePeriodSeconds?: number;
            /**
             * Format: int64
             * @description Seconds the pod may run before it is failed.
             */
            activeDeadlineSeconds?: number;
            /** @description ClusterFirst, ClusterFirstWithHostNet, Default or None. */
            dnsPolicy?: string;
            /** @description Labels a node must have, every one, for the pod to be scheduled onto it. */
            nodeSelector?: {
                [key: string]: string;
            };
            /** @description The service account the pod runs as. */
            serviceAccountName?: string;
            /** @description Deprecated: use serviceAccountName. */
            serviceAccount?: string;
            /** @description Whether the service account token is mounted. */
            automountServiceAccountToken?: boolean;
            /** @description The node the pod is bound to. Set, it bypasses scheduling: taints with NoSchedule do not keep the pod off, NoExecute ones still evict it. */
            nodeName?: string;
            /** @description Whether the pod uses the node's network namespace. */
            hostNetwork?: boolean;
            /** @description Whether the pod uses the node's PID namespace. */
            hostPID?: boolean;
            /** @description Whether the pod uses the node's IPC namespace. */
            hostIPC?: boolean;
            /** @description Whether the containers share one PID namespace. */
            shareProcessNamespace?: boolean;
            /** @description Pod-level security options. */
            securityContext?: Record<string, never>;
            /** @description Secrets used to pull the images. */
            imagePullSecrets?: components["schemas"]["LocalObjectReference"][];
            /** @description The pod's hostname. */
            hostname?: string;
            /** @description The pod's subdomain. */
            subdomain?: string;
            /** @description Scheduling constraints: node affinity, and pod (anti-)affinity. */
            affinity?: components["schemas"]["Affinity"];
            /** @description The scheduler that schedules the pod. */
            schedulerName?: string;
            /** @description The taints the pod tolerates. A pod may be scheduled onto a node whose NoSchedule taints it all tolerates, and keeps running on a node whose NoExecute taints it tolerates (for tolerationSeconds, if set). The list is replaced whole by a patch. */
            tolerations?: components["schemas"]["Toleration"][];
            /** @description Entries added to the pod's /etc/hosts. */
            hostAliases?: components["schemas"]["HostAlias"][];
            /** @description The pod's PriorityClass. */
            priorityClassName?: string;
            /**
             * Format: int32
             * @description The pod's priority, from its PriorityClass.
             */
            priority?: number;
            /** @description DNS settings beyond dnsPolicy. */
            dnsConfig?: Record<string, never>;
            /** @description Conditions that must be True for the pod to be ready. */
            readinessGates?: components["schemas"]["PodReadinessGate"][];
            /** @description The RuntimeClass the pod runs with. */
            runtimeClassName?: string;
            /** @description Whether services' addresses are injected as environment variables. */
            enableServiceLinks?: boolean;
            /** @description PreemptLowerPriority or Never. */
            preemptionPolicy?: string;
            /** @description What running the pod costs beyond its containers (from its RuntimeClass); added to its requests when scheduling. */
            overhead?: {
                [key: string]: components["schemas"]["Quantity"];
            };
            /** @description How the pod's replicas spread across topology domains. */
            topologySpreadConstraints?: components["schemas"]["TopologySpreadConstraint"][];
            /** @description Whether the hostname is the pod's FQDN. */
            setHostnameAsFQDN?: boolean;
            /** @description The operating system the pod needs. */
            os?: components["schemas"]["PodOS"];
            /** @description Whether the pod uses the node's user namespace. */
            hostUsers?: boolean;
            /** @description While any remains, the pod is not scheduled. */
            schedulingGates?: components["schemas"]["PodSchedulingGate"][];
            /** @description Dynamic resources the pod claims. */
            resourceClaims?: Record<string, never>[];
            /** @description Pod-level requests and limits (cpu, memory, hugepages), for the pod as a whole. */
            resources?: components["schemas"]["ResourceRequirements"];
            /** @description A hostname instead of the pod's name. */
            hostnameOverride?: string;
            /** @description The workload the pod belongs to, for gang scheduling. */
            workloadRef?: Record<string, never>;
            /** @description The scheduling group the pod belongs to. */
            schedulingGroup?: Record<string, never>;
            /** @description Those told before the pod is evicted. */
            evictionResponders?: Record<string, never>[];
        };
        /** @description What a pod is doing. */
        PodStatus: {
            /**
             * Format: int64
             * @description The generation of the pod the status is of.
             */
            observedGeneration?: number;
            /** @description Pending, Running, Succeeded, Failed or Unknown. */
            phase?: string;
            /** @description The pod's conditions (PodScheduled, Initialized, ContainersReady, Ready, DisruptionTarget, ...). */
            conditions?: components["schemas"]["PodCondition"][];
            /** @description Why the pod is in this state, for a person to read. */
            message?: string;
            /** @description Why the pod is in this state, in CamelCase (Evicted). */
            reason?: string;
            /** @description The node a preempting pod is to be scheduled onto. */
            nominatedNodeName?: string;
            /** @description The IP of the node the pod runs on. */
            hostIP?: string;
            /** @description The IPs of the node the pod runs on. */
            hostIPs?: components["schemas"]["HostIP"][];
            /** @description The pod's IP. */
            podIP?: string;
            /** @description The pod's IPs, one per IP family. */
            podIPs?: components["schemas"]["PodIP"][];
            /** @description When the kubelet acknowledged the pod. */
            startTime?: components["schemas"]["Time"];
            /** @description The init containers' statuses. */
            initContainerStatuses?: components["schemas"]["ContainerStatus"][];
            /** @description The containers' statuses. */
            containerStatuses?: components["schemas"]["ContainerStatus"][];
            /**
             * @description Guaranteed, Burstable or BestEffort, from the containers' requests and limits.
             * @enum {string}
             */
            qosClass?: "Guaranteed" | "Burstable" | "BestEffort";
            /** @description The ephemeral containers' statuses. */
            ephemeralContainerStatuses?: components["schemas"]["ContainerStatus"][];
            /** @description Deprecated: the state of an in-place resize. */
            resize?: string;
            /** @description The ResourceClaims made for the pod. */
            resourceClaimStatuses?: Record<string, never>[];
            /** @description The ResourceClaim made for extended resources. */
            extendedResourceClaimStatus?: Record<string, never>;
            /** @description Resources allocated to the pod. */
            allocatedResources?: {
                [key: string]: components["schemas"]["Quantity"];
            };
            /** @description The pod-level resources in effect. */
            resources?: components["schemas"]["ResourceRequirements"];
            /** @description Node-allocatable resources claimed by the pod. */
            nodeAllocatableResourceClaimStatuses?: Record<string, never>[];
            /** @description The health of the pod's volumes. */
            volumeHealth?: Record<string, never>[];
        };
        /** @description A term with a weight: the scheduler prefers nodes with a greater sum of the weights of the terms they match. */
        PreferredSchedulingTerm: {
            /**
             * Format: int32
             * @description 1 to 100.
             */
            weight: number;
            /** @description The term. */
            preference: components["schemas"]["NodeSelectorTerm"];
        };
        /** @description A resource claim of the pod a container uses. */
        ResourceClaim: {
            /** @description The claim's name in spec.resourceClaims. */
            name: string;
            /** @description One request of the claim. */
            request?: string;
        };
        /** @description Compute resources: what is requested, what may be used at most. */
        ResourceRequirements: {
            /** @description The most of each resource that may be used. */
            limits?: {
                [key: string]: components["schemas"]["Quantity"];
            };
            /** @description What is requested of each resource; the scheduler counts requests against a node's allocatable. When absent, a limit stands for its request. */
            requests?: {
                [key: string]: components["schemas"]["Quantity"];
            };
            /** @description The pod's resource claims the container uses. */
            claims?: components["schemas"]["ResourceClaim"][];
        };
        /** @description A taint on a node: pods that do not tolerate it are kept off the node (NoSchedule), avoided (PreferNoSchedule), or evicted (NoExecute). */
        Taint: {
            /** @description The taint key, a qualified name such as dedicated or node.kubernetes.io/not-ready. */
            key: string;
            /** @description The taint value, matched by a toleration with operator Equal. */
            value?: string;
            /**
             * @description What the taint does to pods that do not tolerate it. NoSchedule: new pods are not scheduled onto the node. PreferNoSchedule: the scheduler avoids the node. NoExecute: new pods are not scheduled and running pods are evicted.
             * @enum {string}
             */
            effect: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
            /** @description When a NoExecute taint was added; tolerationSeconds of a toleration count from it. Set by the server. */
            timeAdded?: components["schemas"]["Time"];
        };
        /** @description A toleration lets the pod be scheduled onto (NoSchedule, PreferNoSchedule) or stay on (NoExecute) a node with a matching taint: same key (or any key when empty with Exists), value matched by the operator, same effect (or any when empty). */
        Toleration: {
            /** @description The taint key it matches; empty matches every key, with operator Exists. */
            key?: string;
            /**
             * @description How the value is matched: Equal (the default), Exists (any value), or Gt and Lt (the taint value, an integer, greater or less than value).
             * @enum {string}
             */
            operator?: "Equal" | "Exists" | "Gt" | "Lt";
            /** @description The value matched; empty with Exists. */
            value?: string;
            /**
             * @description The taint effect it matches; empty matches every effect.
             * @enum {string}
             */
            effect?: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
            /**
             * Format: int64
             * @description Only with effect NoExecute: how long the pod stays on the node after the taint is added, in seconds. Unset: forever. Zero or less: evicted at once.
             */
            tolerationSeconds?: number;
        };
        /** @description How matching pods spread across the domains of a topology key. */
        TopologySpreadConstraint: {
            /**
             * Format: int32
             * @description The greatest difference allowed between the number of matching pods in two domains.
             */
            maxSkew: number;
            /** @description The node label whose values are the domains. */
            topologyKey: string;
            /** @description DoNotSchedule or ScheduleAnyway. */
            whenUnsatisfiable: string;
            /** @description The pods counted. */
            labelSelector?: components["schemas"]["LabelSelector"];
            /**
             * Format: int32
             * @description The fewest domains counted.
             */
            minDomains?: number;
            /** @description Honor or Ignore: whether node affinity limits the domains. */
            nodeAffinityPolicy?: string;
            /** @description Honor or Ignore: whether nodes whose taints the pod does not tolerate are domains. */
            nodeTaintsPolicy?: string;
            /** @description Labels of the pod whose values narrow labelSelector. */
            matchLabelKeys?: string[];
        };
        /** @description A volume the pod's containers may mount: a name and one source. */
        Volume: {
            /** @description The volume's name (a DNS label), unique in the pod. */
            name: string;
            /** @description A hostPath volume. */
            hostPath?: Record<string, never>;
            /** @description A emptyDir volume. */
            emptyDir?: Record<string, never>;
            /** @description A gcePersistentDisk volume. */
            gcePersistentDisk?: Record<string, never>;
            /** @description A awsElasticBlockStore volume. */
            awsElasticBlockStore?: Record<string, never>;
            /** @description A gitRepo volume. */
            gitRepo?: Record<string, never>;
            /** @description A secret volume. */
            secret?: Record<string, never>;
            /** @description A nfs volume. */
            nfs?: Record<string, never>;
            /** @description A iscsi volume. */
            iscsi?: Record<string, never>;
            /** @description A glusterfs volume. */
            glusterfs?: Record<string, never>;
            /** @description A persistentVolumeClaim volume. */
            persistentVolumeClaim?: Record<string, never>;
            /** @description A rbd volume. */
            rbd?: Record<string, never>;
            /** @description A flexVolume volume. */
            flexVolume?: Record<string, never>;
            /** @description A cinder volume. */
            cinder?: Record<string, never>;
            /** @description A cephfs volume. */
            cephfs?: Record<string, never>;
            /** @description A flocker volume. */
            flocker?: Record<string, never>;
            /** @description A downwardAPI volume. */
            downwardAPI?: Record<string, never>;
            /** @description A fc volume. */
            fc?: Record<string, never>;
            /** @description A azureFile volume. */
            azureFile?: Record<string, never>;
            /** @description A configMap volume. */
            configMap?: Record<string, never>;
            /** @description A vsphereVolume volume. */
            vsphereVolume?: Record<string, never>;
            /** @description A quobyte volume. */
            quobyte?: Record<string, never>;
            /** @description A azureDisk volume. */
            azureDisk?: Record<string, never>;
            /** @description A photonPersistentDisk volume. */
            photonPersistentDisk?: Record<string, never>;
            /** @description A projected volume. */
            projected?: Record<string, never>;
            /** @description A portworxVolume volume. */
            portworxVolume?: Record<string, never>;
            /** @description A scaleIO volume. */
            scaleIO?: Record<string, never>;
            /** @description A storageos volume. */
            storageos?: Record<string, never>;
            /** @description A csi volume. */
            csi?: Record<string, never>;
            /** @description A ephemeral volume. */
            ephemeral?: Record<string, never>;
            /** @description A image volume. */
            image?: Record<string, never>;
        };
        /** @description A volume mounted into a container. */
        VolumeMount: {
            /** @description The pod volume's name. */
            name: string;
            /** @description Mounted read-only. */
            readOnly?: boolean;
            /** @description Disabled, IfPossible or Enabled. */
            recursiveReadOnly?: string;
            /** @description Where in the container. */
            mountPath: string;
            /** @description The path inside the volume to mount instead of its root. */
            subPath?: string;
            /** @description None, HostToContainer or Bidirectional. */
            mountPropagation?: string;
            /** @description subPath with $(VAR) references expanded. */
            subPathExpr?: string;
            /** @description Bind mount options. */
            bindMountOptions?: string[];
        };
        /** @description A fixed-point amount of a resource: a number with an optional suffix, binary (Ki, Mi, Gi, Ti, Pi, Ei) or decimal (m, k, M, G, T, P, E, or an exponent such as 1e3). Examples: 100m (a tenth of a CPU), 2Gi, 1.5. Written as a string; a plain number is accepted. */
        Quantity: string;
        /** @description How to delete an object. */
        DeleteOptions: {
            /** @description The versioned schema of this representation of an object (v1 for the core group). */
            apiVersion?: string;
            /** @description The REST resource this object represents, in CamelCase (Node, Pod). */
            kind?: string;
            /**
             * Format: int64
             * @description Seconds a pod is given to terminate; 0 deletes at once. Empty uses the pod's terminationGracePeriodSeconds.
             */
            gracePeriodSeconds?: number;
            /** @description Conditions the object must meet, or the delete fails with a Conflict. */
            preconditions?: components["schemas"]["Preconditions"];
            /** @description Deprecated: use propagationPolicy. */
            orphanDependents?: boolean;
            /**
             * @description What happens to dependents: Orphan, Background or Foreground.
             * @enum {string}
             */
            propagationPolicy?: "Background" | "Foreground" | "Orphan";
            /** @description All: the delete is checked and answered, and nothing is deleted. */
            dryRun?: string[];
            /** @description Deletes an object that cannot be read from storage; not supported by this server. */
            ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
        };
        /** @description The set of fields a manager owns, in the structured-merge-diff encoding; kept as written. */
        FieldsV1: Record<string, never>;
        /** @description A label query: matchLabels and matchExpressions ANDed. */
        LabelSelector: {
            /** @description Labels that must all be present with these values. */
            matchLabels?: {
                [key: string]: string;
            };
            /** @description Requirements (key, operator In, NotIn, Exists, DoesNotExist, values). */
            matchExpressions?: Record<string, never>[];
        };
        /** @description Metadata of a list. */
        ListMeta: {
            /** @description Deprecated and unset. */
            selfLink?: string;
            /** @description The version of the collection the list was read at; a watch may start from it. */
            resourceVersion?: string;
            /** @description Set when the list was cut at the limit asked for: send it back as ?continue= to read the rest. */
            continue?: string;
            /**
             * Format: int64
             * @description How many items the rest of the list holds, when known.
             */
            remainingItemCount?: number;
        };
        /** @description The fields one manager set, and how. */
        ManagedFieldsEntry: {
            /** @description The manager's name. */
            manager?: string;
            /** @description Apply or Update. */
            operation?: string;
            /** @description The version of the object the fields are named in. */
            apiVersion?: string;
            /** @description When the manager last changed these fields. */
            time?: components["schemas"]["Time"];
            /** @description The encoding of fieldsV1: FieldsV1. */
            fieldsType?: string;
            /** @description The fields, as a structured-merge-diff set. */
            fieldsV1?: components["schemas"]["FieldsV1"];
            /** @description The subresource the fields were set through (status), or empty. */
            subresource?: string;
        };
        /** @description Metadata every persisted object has: its name and namespace, labels and annotations, owners, and the bookkeeping the server keeps. */
        ObjectMeta: {
            /** @description Unique within a namespace (or the cluster, for a cluster-scoped kind such as Node). Required when creating; cannot be changed. */
            name?: string;
            /** @description A prefix the server completes with random characters to make a unique name, when name is empty. */
            generateName?: string;
            /** @description The namespace of a namespaced object (Pod); empty for a cluster-scoped one (Node, Namespace). */
            namespace?: string;
            /** @description Deprecated and unset. */
            selfLink?: string;
            /** @description Unique in time and space, set by the server when the object is created; read-only. */
            uid?: string;
            /** @description The version of the object the server stored, opaque to clients; sent back on an update for optimistic concurrency. Read-only. */
            resourceVersion?: string;
            /**
             * Format: int64
             * @description A sequence number for a specific generation of the desired state; read-only.
             */
            generation?: number;
            /** @description When the server created the object; read-only. */
            creationTimestamp?: components["schemas"]["Time"];
            /** @description When the object will be deleted, set once a graceful deletion has begun; read-only. */
            deletionTimestamp?: components["schemas"]["Time"];
            /**
             * Format: int64
             * @description The seconds the object was given to terminate gracefully before it is removed; read-only.
             */
            deletionGracePeriodSeconds?: number;
            /** @description Key/value pairs that label selectors select on (kubectl get -l). */
            labels?: {
                [key: string]: string;
            };
            /** @description Key/value pairs that tools keep on the object; not selectable. */
            annotations?: {
                [key: string]: string;
            };
            /** @description The objects this one depends on; it is garbage collected once they are all gone. */
            ownerReferences?: components["schemas"]["OwnerReference"][];
            /** @description Must be empty before the object is removed from storage. */
            finalizers?: string[];
            /** @description Which manager set which fields (server-side apply bookkeeping). */
            managedFields?: components["schemas"]["ManagedFieldsEntry"][];
        };
        /** @description An object that owns this one (a ReplicaSet owns its pods, a DaemonSet its). */
        OwnerReference: {
            /** @description The owner's API version. */
            apiVersion: string;
            /** @description The owner's kind. */
            kind: string;
            /** @description The owner's name. */
            name: string;
            /** @description The owner's uid. */
            uid: string;
            /** @description True on the one owner that manages this object. */
            controller?: boolean;
            /** @description Whether a foreground deletion of the owner waits until this object is gone. */
            blockOwnerDeletion?: boolean;
        };
        /** @description What must hold of the object for a delete to go ahead. */
        Preconditions: {
            /** @description The uid the object must have. */
            uid?: string;
            /** @description The resourceVersion the object must have. */
            resourceVersion?: string;
        };
        /**
         * Format: date-time
         * @description A point in time, serialized as RFC 3339 in UTC to the second (2006-01-02T15:04:05Z).
         */
        Time: string;
        /**
         * @description Where can this pod go: `pod` (and optionally inline `nodes` and `pods`), or a stored pod by `name`.
         * @example {
         *       "pod": {
         *         "metadata": {
         *           "name": "web"
         *         },
         *         "spec": {
         *           "tolerations": [
         *             {
         *               "key": "dedicated",
         *               "operator": "Equal",
         *               "value": "gpu",
         *               "effect": "NoSchedule"
         *             }
         *           ]
         *         }
         *       }
         *     }
         */
        PlacementRequest: {
            /** @description the pod to place, admitted as on create (no name needed); the answer tells what admission added */
            pod?: components["schemas"]["Pod"];
            /** @description inline nodes to place it over, instead of the stored ones */
            nodes?: components["schemas"]["Node"][];
            /** @description with inline nodes: pods bound to them (spec.nodeName), using their room */
            pods?: components["schemas"]["Pod"][];
            /** @description with name: the stored pod's namespace (default "default") */
            namespace?: string;
            /** @description a stored pod to place instead of `pod` */
            name?: string;
            /** @description with name: where it could go if it were rescheduled (its nodeName and usage ignored) */
            reschedule?: boolean;
        };
        PlacementSummary: {
            /** @enum {string} */
            view: "summary";
            pod: {
                namespace: string;
                name: string;
            };
            /** @description kube-scheduler's line, in the wording SCHEDULER_SUMMARY_WORDING chooses */
            summary: string;
            /** @description the line in the legacy wording, naming each node's first untolerated taint */
            detail: string;
            nodeCount: number;
            feasibleCount: number;
            capacityConsidered?: boolean;
            admission?: {
                tolerations: {
                    key?: string;
                    operator?: string;
                    value?: string;
                    effect?: string;
                    tolerationSeconds?: number;
                    addedBy?: string;
                    removedBy?: string;
                }[];
                removed?: {
                    key?: string;
                    operator?: string;
                    value?: string;
                    effect?: string;
                    tolerationSeconds?: number;
                    addedBy?: string;
                    removedBy?: string;
                }[];
            };
            rescheduled?: boolean;
            /** @description how many nodes have a reason of each code (a node counted once per code) */
            reasonCounts: {
                code: string;
                nodes: number;
            }[];
            /** @description the best `top` feasible nodes, ranked (top: 10 by default, at most 1000) */
            feasibleNodes: {
                name: string;
                feasible: boolean;
                score: number | null;
                rank: number | null;
                reasons: {
                    code: string;
                    message: string;
                    taint?: {
                        key: string;
                        value?: string;
                        effect: string;
                        timeAdded?: string;
                    };
                    field?: string;
                    resource?: {
                        name?: string;
                        requested?: number;
                        used?: number;
                        allocatable?: number;
                    };
                }[];
            }[];
            /** @description every infeasible node, in groups of identical reasons (a shortage by what the pod requests, a matchFields miss by what it names), the largest first */
            infeasibleGroups: {
                count: number;
                reasons: {
                    code: string;
                    message: string;
                    taint?: {
                        key: string;
                        value?: string;
                        effect: string;
                        timeAdded?: string;
                    };
                    field?: string;
                    resource?: {
                        name?: string;
                        requested?: number;
                    };
                }[];
                /** @description the first `top` names of the group, in name order */
                nodes: string[];
            }[];
        };
        PlacementNodes: {
            /** @enum {string} */
            view: "nodes";
            pod: {
                namespace: string;
                name: string;
            };
            /** @description kube-scheduler's line, in the wording SCHEDULER_SUMMARY_WORDING chooses */
            summary: string;
            /** @description the line in the legacy wording, naming each node's first untolerated taint */
            detail: string;
            nodeCount: number;
            feasibleCount: number;
            capacityConsidered?: boolean;
            admission?: {
                tolerations: {
                    key?: string;
                    operator?: string;
                    value?: string;
                    effect?: string;
                    tolerationSeconds?: number;
                    addedBy?: string;
                    removedBy?: string;
                }[];
                removed?: {
                    key?: string;
                    operator?: string;
                    value?: string;
                    effect?: string;
                    tolerationSeconds?: number;
                    addedBy?: string;
                    removedBy?: string;
                }[];
            };
            rescheduled?: boolean;
            metadata: {
                resourceVersion?: string;
                continue?: string;
                remainingItemCount?: number;
            };
            /** @description a page of every node: feasible by score, then name; then the infeasible by name */
            nodes: {
                name: string;
                feasible: boolean;
                score: number | null;
                rank: number | null;
                reasons: {
                    code: string;
                    message: string;
                    taint?: {
                        key: string;
                        value?: string;
                        effect: string;
                        timeAdded?: string;
                    };
                    field?: string;
                    resource?: {
                        name?: string;
                        requested?: number;
                        used?: number;
                        allocatable?: number;
                    };
                }[];
            }[];
        };
        /**
         * @description What would this taint do: the taint, and the nodes it would go on.
         * @example {
         *       "taint": {
         *         "key": "maintenance",
         *         "effect": "NoExecute"
         *       },
         *       "nodes": [
         *         "node-1"
         *       ]
         *     }
         */
        TaintImpactRequest: {
            /** @description the taint that would be added */
            taint?: components["schemas"]["Taint"] | string;
            /** @description several taints that would be added together */
            taints?: (components["schemas"]["Taint"] | string)[];
            /** @description the nodes, by name */
            nodes?: string[];
            /** @description the nodes, by label selector (kubectl's -l syntax) */
            selector?: string;
            /** @description every node */
            all?: boolean;
            /** @description a hypothetical cluster to ask about instead of the stored one */
            inline?: {
                nodes?: components["schemas"]["Node"][];
                pods?: components["schemas"]["Pod"][];
            };
        };
        TaintImpactSummary: {
            /** @enum {string} */
            view: "summary";
            /** @description the first of taints */
            taint: {
                key: string;
                value?: string;
                effect: string;
                timeAdded?: string;
            };
            /** @description every taint asked about, added together */
            taints: {
                key: string;
                value?: string;
                effect: string;
                timeAdded?: string;
            }[];
            /** @description what the answer alone would not say: a selector that matched no node */
            warnings?: string[];
            /** @description when the question was answered (RFC 3339) */
            at: string;
            /** @description the nodes the taint would go on */
            nodeCount: number;
            counts: {
                /** @description bound pods evicted at once */
                evictedNow: number;
                /** @description bound pods evicted once their tolerationSeconds pass */
                evictedLater: number;
                /** @description bound pods whose deadline lies past year 9999 */
                neverInPractice: number;
                /** @description of the evictions, those where an eviction already scheduled stands */
                alreadyScheduled: number;
                /** @description bound pods on those nodes that stay */
                unaffected: number;
                /** @description pending pods left with no feasible node */
                unschedulable: number;
            };
            /** @description the evictions by when they come, earliest first; buckets that hold none are left out */
            timeline: {
                /** @description the bucket's end after the question (0, 60, 300, 900, 3600, 21600, 86400, ); null: later */
                withinSeconds: number | null;
                count: number;
                first: string;
                last: string;
            }[];
            rescheduling?: {
                capacityConsidered: boolean;
                stranded: number;
            };
        };
        TaintImpactPods: {
            /** @enum {string} */
            view: "pods";
            /** @description the first of taints */
            taint: {
                key: string;
                value?: string;
                effect: string;
                timeAdded?: string;
            };
            /** @description every taint asked about, added together */
            taints: {
                key: string;
                value?: string;
                effect: string;
                timeAdded?: string;
            }[];
            /** @description what the answer alone would not say: a selector that matched no node */
            warnings?: string[];
            at: string;
            nodes: string[];
            rescheduling?: {
                capacityConsidered: boolean;
                stranded: number;
            };
            metadata: {
                resourceVersion?: string;
                continue?: string;
                remainingItemCount?: number;
            };
            evictions: {
                pod: {
                    namespace: string;
                    name: string;
                };
                node: string;
                admission?: {
                    tolerations: {
                        key?: string;
                        operator?: string;
                        value?: string;
                        effect?: string;
                        tolerationSeconds?: number;
                        addedBy?: string;
                        removedBy?: string;
                    }[];
                    removed?: {
                        key?: string;
                        operator?: string;
                        value?: string;
                        effect?: string;
                        tolerationSeconds?: number;
                        addedBy?: string;
                        removedBy?: string;
                    }[];
                };
                when: string;
                tolerationSeconds?: number;
                at: string | null;
                neverInPractice: boolean;
                alreadyScheduled?: {
                    scheduledAt?: string;
                };
                elsewhere?: string | null;
            }[];
            unaffected: {
                pod: {
                    namespace: string;
                    name: string;
                };
                node: string;
                admission?: {
                    tolerations: {
                        key?: string;
                        operator?: string;
                        value?: string;
                        effect?: string;
                        tolerationSeconds?: number;
                        addedBy?: string;
                        removedBy?: string;
                    }[];
                    removed?: {
                        key?: string;
                        operator?: string;
                        value?: string;
                        effect?: string;
                        tolerationSeconds?: number;
                        addedBy?: string;
                        removedBy?: string;
                    }[];
                };
                reason: string;
            }[];
            unschedulable: {
                pod: {
                    namespace: string;
                    name: string;
                };
            }[];
        };
        TaintCommandResult: {
            dryRun: boolean;
            /** @description one per node, in name order */
            results: {
                node: string;
                /** @enum {string} */
                operation: "tainted" | "untainted" | "modified";
                /** @description what kubectl prints: node/n1 tainted */
                message: string;
                /** @description the node's taints after */
                taints: components["schemas"]["Taint"][];
                /** @description the node after */
                object: components["schemas"]["Node"];
            }[];
        };
        /**
         * @description What kubectl get nodes,pods -A -o json (or -o yaml) prints: a List, NodeList or PodList, or one Node or Pod; YAML may hold several documents.
         * @example {
         *       "apiVersion": "v1",
         *       "kind": "List",
         *       "items": [
         *         {
         *           "apiVersion": "v1",
         *           "kind": "Node",
         *           "metadata": {
         *             "name": "node-1"
         *           }
         *         }
         *       ]
         *     }
         */
        ImportBody: {
            apiVersion?: string;
            /** @enum {string} */
            kind?: "List" | "NodeList" | "PodList";
            items: (components["schemas"]["Node"] | components["schemas"]["Pod"])[];
        } | components["schemas"]["Node"] | components["schemas"]["Pod"];
        ImportResult: {
            /** @enum {string} */
            apiVersion: "taintgate.io/v1";
            /** @enum {string} */
            kind: "ImportResult";
            cluster: string;
            dryRun: boolean;
            created: number;
            updated: number;
            unchanged: number;
            deleted: number;
            nodes: {
                created: number;
                updated: number;
                unchanged: number;
                deleted: number;
            };
            pods: {
                created: number;
                updated: number;
                unchanged: number;
                deleted: number;
            };
            /** @description the objects left out, each with the API server's words */
            rejected: {
                kind: string;
                namespace?: string;
                name: string;
                /** @description where it was in the body: items[12], document 3 */
                position: string;
                message: string;
                details?: {
                    field: string;
                    reason: string;
                }[];
            }[];
            /** @description the cluster's revision once the import is stored */
            resourceVersion: string;
        };
        Cluster: {
            /** @enum {string} */
            apiVersion: "taintgate.io/v1";
            /** @enum {string} */
            kind: "Cluster";
            metadata: {
                name: string;
                /** @description the cluster's revision */
                resourceVersion: string;
                creationTimestamp: string;
            };
            status: {
                /** @description nodes it holds */
                nodes: number;
                /** @description pods it holds */
                pods: number;
            };
        };
        ClusterList: {
            /** @enum {string} */
            apiVersion: "taintgate.io/v1";
            /** @enum {string} */
            kind: "ClusterList";
            metadata: {
                resourceVersion?: string;
                continue?: string;
                remainingItemCount?: number;
            };
            items: components["schemas"]["Cluster"][];
        };
        /**
         * @example {
         *       "metadata": {
         *         "name": "ci"
         *       },
         *       "spec": {
         *         "role": "operator"
         *       }
         *     }
         */
        CreateAPIKeyRequest: {
            /** @enum {string} */
            apiVersion?: "taintgate.io/v1";
            /** @enum {string} */
            kind?: "APIKey";
            metadata: {
                /** @description a DNS-1123 subdomain */
                name: string;
            };
            spec: {
                /** @enum {string} */
                role: "viewer" | "operator" | "admin";
            };
        };
        APIKey: {
            /** @enum {string} */
            apiVersion: "taintgate.io/v1";
            /** @enum {string} */
            kind: "APIKey";
            metadata: {
                name: string;
                creationTimestamp: string;
            };
            spec: {
                /** @enum {string} */
                role: "viewer" | "operator" | "admin";
            };
            status: {
                /** @description the key's first characters, to tell keys apart */
                prefix: string;
                revoked: boolean;
                revocationTimestamp?: string;
            };
            /** @description the key itself: in the answer to its creation only */
            key?: string;
        };
        APIKeyList: {
            /** @enum {string} */
            apiVersion: "taintgate.io/v1";
            /** @enum {string} */
            kind: "APIKeyList";
            metadata: {
                resourceVersion?: string;
                continue?: string;
                remainingItemCount?: number;
            };
            items: components["schemas"]["APIKey"][];
        };
        Eviction: {
            id: string;
            pod: {
                namespace: string;
                name: string;
                uid: string;
            };
            node: string;
            /** @description the NoExecute taint that caused it */
            taint: components["schemas"]["Taint"];
            /** @enum {string} */
            status: "Scheduled" | "Cancelled" | "Executed";
            /** @description when it was decided (RFC 3339) */
            startedAt: string;
            /** @description when it fires */
            scheduledFor: string;
            /** @description the toleration's seconds; null: evicted at once */
            tolerationSeconds: number | null;
            /** @description when the pod was evicted */
            firedAt: string | null;
            /** @description when it was cancelled (the taint removed, the pod gone) */
            cancelledAt: string | null;
            /** @description when the evicted pod was gone */
            podRemovedAt: string | null;
            reason: string | null;
        };
        EvictionList: {
            /** @enum {string} */
            apiVersion: "taintgate.io/v1";
            /** @enum {string} */
            kind: "EvictionList";
            metadata: {
                resourceVersion?: string;
                continue?: string;
                remainingItemCount?: number;
            };
            items: components["schemas"]["Eviction"][];
        };
        AuditEvent: {
            id: string;
            /** @description RFC 3339 */
            time: string;
            /** @description node.put, pod.delete, cluster.import, apikey.create, ... */
            action: string;
            kind: string;
            namespace?: string;
            name: string;
            cluster?: string;
            /** @description the cluster's revision the change made */
            revision?: string;
            /** @description who: an API key, or anonymous */
            actor: string;
            requestId?: string;
            clientAddress?: string;
            /** @description what the action adds (an import's tallies) */
            details: unknown;
            /** @description the object before the change; null when it was created */
            before: unknown;
            /** @description the object after the change; null when it was deleted */
            after: unknown;
        };
        AuditEventList: {
            /** @enum {string} */
            apiVersion: "taintgate.io/v1";
            /** @enum {string} */
            kind: "AuditEventList";
            metadata: {
                resourceVersion?: string;
                continue?: string;
                remainingItemCount?: number;
            };
            items: components["schemas"]["AuditEvent"][];
        };
        HealthReport: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            checks: {
                /** @enum {string} */
                postgres: "ok" | "failed";
                /** @enum {string} */
                redis: "ok" | "failed";
            };
            /** @description why each failed check failed: to an admin's key only */
            errors?: {
                ping?: string;
                postgres?: string;
                redis?: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ApiKeys_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["APIKeyList"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    ApiKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAPIKeyRequest"];
            };
        };
        responses: {
            /** @description the key, with `key` (shown this once) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["APIKey"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    ApiKeys_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the key, without the key itself */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["APIKey"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    ApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the key, revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["APIKey"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Audit_list: {
        parameters: {
            query?: {
                /** @description only before this time (RFC 3339) */
                until?: string;
                /** @description only at or after this time (RFC 3339) */
                since?: string;
                /** @description only objects of this name */
                name?: string;
                /** @description only objects of this namespace */
                namespace?: string;
                /** @description only objects of this kind */
                kind?: string;
                /** @description only this action (node.put, ...) */
                action?: string;
                /** @description only this actor */
                actor?: string;
                /** @description only this cluster */
                cluster?: string;
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the trail, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Clusters_list: {
        parameters: {
            query?: {
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the clusters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClusterList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Clusters_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the cluster */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cluster"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Clusters_put: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the cluster there was */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cluster"];
                };
            };
            /** @description the cluster created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cluster"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Clusters_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the deleted cluster, with what it held */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cluster"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Evictions_list: {
        parameters: {
            query?: {
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
                pod?: unknown;
                namespace?: unknown;
                nodeName?: unknown;
                status?: "Scheduled" | "Cancelled" | "Executed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the evictions, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvictionList"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Evictions_list_byCluster: {
        parameters: {
            query?: {
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
                pod?: unknown;
                namespace?: unknown;
                nodeName?: unknown;
                status?: "Scheduled" | "Cancelled" | "Executed";
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the evictions, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvictionList"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Health_livez: {
        parameters: {
            query?: {
                /** @description any value (or none): every check on a line of its own */
                verbose?: string;
                /** @description a check to leave out (repeatable) */
                exclude?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ok, or each check with [+] (verbose) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description a check failed: each check with [+] or [-] */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Health_readyz: {
        parameters: {
            query?: {
                /** @description any value (or none): every check on a line of its own */
                verbose?: string;
                /** @description a check to leave out (repeatable) */
                exclude?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ok, or each check with [+] (verbose) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description a check failed: each check with [+] or [-] */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Health_healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Postgres answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            /** @description Postgres does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Impact_evaluate: {
        parameters: {
            query?: {
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
                /** @description pods: the previous page's metadata.continue */
                continue?: string;
                /** @description pods: at most this many pods a page; absent or 0: 500 */
                limit?: number;
                /** @description summary (the default): counts and a timeline; pods: every pod's fate, a page at a time */
                view?: "summary" | "pods";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaintImpactRequest"];
            };
        };
        responses: {
            /** @description the impact in the view asked for (told apart by `view`); as chat, the summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaintImpactSummary"] | components["schemas"]["TaintImpactPods"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Impact_evaluate_byCluster: {
        parameters: {
            query?: {
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
                /** @description pods: the previous page's metadata.continue */
                continue?: string;
                /** @description pods: at most this many pods a page; absent or 0: 500 */
                limit?: number;
                /** @description summary (the default): counts and a timeline; pods: every pod's fate, a page at a time */
                view?: "summary" | "pods";
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaintImpactRequest"];
            };
        };
        responses: {
            /** @description the impact in the view asked for (told apart by `view`); as chat, the summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaintImpactSummary"] | components["schemas"]["TaintImpactPods"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Import_run: {
        parameters: {
            query?: {
                /** @description answer what the import would do; store nothing */
                dryRun?: boolean;
                /** @description delete the cluster's objects the import does not name */
                prune?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON or YAML, read as it arrives (up to 2 GiB): no need to hold it whole */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportBody"];
                "application/yaml": components["schemas"]["ImportBody"];
                "application/x-yaml": components["schemas"]["ImportBody"];
                "text/yaml": components["schemas"]["ImportBody"];
                "text/x-yaml": components["schemas"]["ImportBody"];
            };
        };
        responses: {
            /** @description what the import did (or would do, dryRun) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Import_run_byCluster: {
        parameters: {
            query?: {
                /** @description answer what the import would do; store nothing */
                dryRun?: boolean;
                /** @description delete the cluster's objects the import does not name */
                prune?: boolean;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        /** @description JSON or YAML, read as it arrives (up to 2 GiB): no need to hold it whole */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportBody"];
                "application/yaml": components["schemas"]["ImportBody"];
                "application/x-yaml": components["schemas"]["ImportBody"];
                "text/yaml": components["schemas"]["ImportBody"];
                "text/x-yaml": components["schemas"]["ImportBody"];
            };
        };
        responses: {
            /** @description what the import did (or would do, dryRun) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_list: {
        parameters: {
            query?: {
                /** @description kubectl's -l syntax: a=b,c!=d,e in (f,g),!h */
                labelSelector?: string;
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the nodes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_list_byCluster: {
        parameters: {
            query?: {
                /** @description kubectl's -l syntax: a=b,c!=d,e in (f,g),!h */
                labelSelector?: string;
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the nodes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_put: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Node"];
            };
        };
        responses: {
            /** @description the node replaced */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description the node created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_remove: {
        parameters: {
            query?: {
                /** @description All: answer what would be deleted, delete nothing */
                dryRun?: string;
            };
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        /** @description preconditions (uid, resourceVersion) the node must meet */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeleteOptions"];
            };
        };
        responses: {
            /** @description the deleted node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_get_byCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_put_byCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Node"];
            };
        };
        responses: {
            /** @description the node replaced */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description the node created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_remove_byCluster: {
        parameters: {
            query?: {
                /** @description All: answer what would be deleted, delete nothing */
                dryRun?: string;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        /** @description preconditions (uid, resourceVersion) the node must meet */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeleteOptions"];
            };
        };
        responses: {
            /** @description the deleted node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_cordon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_cordon_byCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_uncordon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Nodes_uncordon_byCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Placement_place: {
        parameters: {
            query?: {
                /** @description summary (the default): the line, counts, the best nodes, the others grouped by reasons; nodes: every node, a page at a time */
                view?: "summary" | "nodes";
                /** @description summary: nodes named per list (the best, and each group), 0-1000; default 10 */
                top?: number;
                /** @description nodes: at most this many nodes a page; absent or 0: 500 */
                limit?: number;
                /** @description nodes: the previous page's metadata.continue */
                continue?: string;
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlacementRequest"];
            };
        };
        responses: {
            /** @description the placement in the view asked for (told apart by `view`); as chat, the summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlacementSummary"] | components["schemas"]["PlacementNodes"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Placement_place_byCluster: {
        parameters: {
            query?: {
                /** @description summary (the default): the line, counts, the best nodes, the others grouped by reasons; nodes: every node, a page at a time */
                view?: "summary" | "nodes";
                /** @description summary: nodes named per list (the best, and each group), 0-1000; default 10 */
                top?: number;
                /** @description nodes: at most this many nodes a page; absent or 0: 500 */
                limit?: number;
                /** @description nodes: the previous page's metadata.continue */
                continue?: string;
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlacementRequest"];
            };
        };
        responses: {
            /** @description the placement in the view asked for (told apart by `view`); as chat, the summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlacementSummary"] | components["schemas"]["PlacementNodes"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Placement_placeStored: {
        parameters: {
            query?: {
                /** @description summary (the default): the line, counts, the best nodes, the others grouped by reasons; nodes: every node, a page at a time */
                view?: "summary" | "nodes";
                /** @description summary: nodes named per list (the best, and each group), 0-1000; default 10 */
                top?: number;
                /** @description nodes: at most this many nodes a page; absent or 0: 500 */
                limit?: number;
                /** @description nodes: the previous page's metadata.continue */
                continue?: string;
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
                reschedule?: boolean;
            };
            header?: never;
            path: {
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the placement in the view asked for (told apart by `view`); as chat, the summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlacementSummary"] | components["schemas"]["PlacementNodes"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Placement_placeStored_byCluster: {
        parameters: {
            query?: {
                /** @description summary (the default): the line, counts, the best nodes, the others grouped by reasons; nodes: every node, a page at a time */
                view?: "summary" | "nodes";
                /** @description summary: nodes named per list (the best, and each group), 0-1000; default 10 */
                top?: number;
                /** @description nodes: at most this many nodes a page; absent or 0: 500 */
                limit?: number;
                /** @description nodes: the previous page's metadata.continue */
                continue?: string;
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
                reschedule?: boolean;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the placement in the view asked for (told apart by `view`); as chat, the summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlacementSummary"] | components["schemas"]["PlacementNodes"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_list: {
        parameters: {
            query?: {
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
                phase?: unknown;
                nodeName?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the pods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PodList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_list_byNamespace: {
        parameters: {
            query?: {
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
                phase?: unknown;
                nodeName?: unknown;
            };
            header?: never;
            path: {
                /** @description the pod's namespace */
                namespace: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the pods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PodList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_list_byCluster: {
        parameters: {
            query?: {
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
                phase?: unknown;
                nodeName?: unknown;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the pods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PodList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_list_byClusterNamespace: {
        parameters: {
            query?: {
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
                phase?: unknown;
                nodeName?: unknown;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the pod's namespace */
                namespace: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of the pods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PodList"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The continue token has expired: list again from the start */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the pod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_put: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Pod"];
            };
        };
        responses: {
            /** @description the pod replaced, as admitted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description the pod created, as admitted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_remove: {
        parameters: {
            query?: {
                /** @description All: answer what would be deleted, delete nothing */
                dryRun?: string;
            };
            header?: never;
            path: {
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        /** @description preconditions (uid, resourceVersion) the pod must meet */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeleteOptions"];
            };
        };
        responses: {
            /** @description the deleted pod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_get_byCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the pod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_put_byCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Pod"];
            };
        };
        responses: {
            /** @description the pod replaced, as admitted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description the pod created, as admitted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Pods_remove_byCluster: {
        parameters: {
            query?: {
                /** @description All: answer what would be deleted, delete nothing */
                dryRun?: string;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the pod's namespace */
                namespace: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        /** @description preconditions (uid, resourceVersion) the pod must meet */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeleteOptions"];
            };
        };
        responses: {
            /** @description the deleted pod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pod"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Taints_add: {
        parameters: {
            query?: {
                overwrite?: boolean;
            };
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Taint"];
            };
        };
        responses: {
            /** @description the node, tainted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Taints_remove: {
        parameters: {
            query: {
                effect?: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
                key: unknown;
            };
            header?: never;
            path: {
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node, untainted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Taints_add_byCluster: {
        parameters: {
            query?: {
                overwrite?: boolean;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Taint"];
            };
        };
        responses: {
            /** @description the node, tainted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Taints_remove_byCluster: {
        parameters: {
            query: {
                effect?: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
                key: unknown;
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
                /** @description the object's name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the node, untainted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Taints_command: {
        parameters: {
            query?: {
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaintNodesBody"];
            };
        };
        responses: {
            /** @description what each node became (what kubectl prints, and the node), and what its NoExecute taints did */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaintCommandResult"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Taints_command_byCluster: {
        parameters: {
            query?: {
                /** @description json (the default), markdown or text: the chat answer (as Accept: text/markdown) */
                format?: "json" | "markdown" | "text";
            };
            header?: never;
            path: {
                /** @description the cluster (a DNS-1123 label); the paths without it serve the cluster named default */
                cluster: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaintNodesBody"];
            };
        };
        responses: {
            /** @description what each node became (what kubectl prints, and the node), and what its NoExecute taints did */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaintCommandResult"];
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListAnswer"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookBody"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAnswer"];
                };
            };
            /** @description Bad request: a field is missing or invalid (details name each, by its Kubernetes path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The body is not JSON (content-type application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Webhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAnswer"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Webhooks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAnswer"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: {
                /** @description at most this many items; absent or 0: 500 */
                limit?: number;
                /** @description the previous page's metadata.continue */
                continue?: string;
            };
            header?: never;
            path: {
                /** @description id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryListAnswer"];
                };
            };
            /** @description No API key, or one that is unknown or revoked (when authentication is on) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The key's role may not do this, or the object may not be changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such object (or cluster) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description The database is unavailable; retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Any error: {statusCode, error, message, details?} */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
}
