/**
 * The API's types for the dashboard, generated from the service's OpenAPI document by
 * `npm run dashboard:api-types` (api/dashboard-api-types.ts). Do not edit: the suite checks this file is current.
 */
export interface paths {
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with email and password; answers a session token
         * @description Also sets the dashboard's session cookie `vac_session` (HttpOnly, SameSite=Strict, Path=/, Max-Age = the session's lifetime, Secure when PUBLIC_BASE_URL is https); the token in the body works as a Bearer token.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: email
                         * @description Unique, compared without regard to case.
                         */
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            expires_at: string;
                            organization: {
                                id: number;
                                name: string;
                            };
                            /** @description Send as `authorization: Bearer <token>`. */
                            token: string;
                            user: {
                                email: string;
                                id: number;
                                /**
                                 * @description Dograh's; always null (users have no name here).
                                 * @enum {object|null}
                                 */
                                name: never | null;
                                /** @description Dograh's: the session's organization. */
                                organization_id: number;
                                /** @description Dograh's: the user's id as text. */
                                provider_id: string;
                            };
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the session whose token authenticates this request
         * @description Ends the session given as a Bearer token or by the `vac_session` cookie, and clears the cookie (also when the answer is 401, or 403 for an API key). By cookie it needs this service's `Origin`, as every cookie-authenticated mutation does: without it the answer is 403 and the cookie is kept.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            logged_out: boolean;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller: user, organization, credential kind and scopes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Dograh's: the user's email; null without a user. */
                            email: string | null;
                            /** @description Dograh's: the user's id (`user.id`); null for an API key without one. */
                            id: number | null;
                            /** @description Dograh's: always null, as users have no name here. */
                            name: string | null;
                            organization: {
                                id: number;
                                name: string;
                            };
                            /** @description Dograh's: the caller's organization (`organization.id`). */
                            organization_id: number;
                            /** @description Dograh's: the user's id at the auth provider (local: the id as text). */
                            provider_id: string | null;
                            scopes: string[];
                            user: {
                                email: string;
                                id: number;
                            } | null;
                            via: "session" | "api_key";
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up: creates an organization, its owner and a session
         * @description Also sets the dashboard's session cookie `vac_session` (HttpOnly, SameSite=Strict, Path=/, Max-Age = the session's lifetime, Secure when PUBLIC_BASE_URL is https); the token in the body works as a Bearer token.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: email
                         * @description Unique, compared without regard to case.
                         */
                        email: string;
                        /** @description Defaults to the email address. */
                        organization_name?: string;
                        /** @description At least 8 characters, not only whitespace, not a commonly used password. */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            expires_at: string;
                            organization: {
                                id: number;
                                name: string;
                            };
                            /** @description Send as `authorization: Bearer <token>`. */
                            token: string;
                            user: {
                                email: string;
                                id: number;
                                /**
                                 * @description Dograh's; always null (users have no name here).
                                 * @enum {object|null}
                                 */
                                name: never | null;
                                /** @description Dograh's: the session's organization. */
                                organization_id: number;
                                /** @description Dograh's: the user's id as text. */
                                provider_id: string;
                            };
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's campaigns */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Newest first; without logs. */
                            campaigns: {
                                circuit_breaker: {
                                    enabled: boolean;
                                    /** @description Share of failures in the window that trips. */
                                    failure_threshold: number;
                                    min_calls_in_window: number;
                                    window_seconds: number;
                                };
                                /** Format: date-time */
                                completed_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                                do_not_call_rows: number;
                                /** @description Rows set aside at import: number already in the campaign. */
                                duplicate_rows: number;
                                /** @description Attempts placed. */
                                executed_count: number;
                                /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                                failed_rows: number;
                                id: number;
                                /** @description Rows set aside at import: unusable number or row. */
                                invalid_rows: number;
                                local_caller_id: boolean;
                                /** @description The latest 100 entries, newest first. */
                                logs?: {
                                    details: {
                                        [key: string]: unknown;
                                    };
                                    event: string;
                                    level: string;
                                    message: string;
                                    /** Format: date-time */
                                    ts: string;
                                }[];
                                max_concurrency: number;
                                name: string;
                                parent_campaign_id: number | null;
                                /** @description Contacts with a final outcome. */
                                processed_rows: number;
                                redialed_campaign_id: number | null;
                                retry_config: {
                                    enabled: boolean;
                                    /** @description Retries after the first attempt. */
                                    max_retries: number;
                                    retry_delay_seconds: number;
                                    retry_on_busy: boolean;
                                    retry_on_no_answer: boolean;
                                    retry_on_voicemail: boolean;
                                };
                                ring_timeout_seconds: number;
                                schedule_config: {
                                    /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                    contact_timezone: "campaign" | "contact";
                                    enabled: boolean;
                                    slots: {
                                        /** @description 0 = Monday … 6 = Sunday. */
                                        day_of_week: number;
                                        /**
                                         * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                         * @example 09:00
                                         */
                                        end_time: string;
                                        /**
                                         * @description HH:MM, 24 h, in the schedule zone.
                                         * @example 09:00
                                         */
                                        start_time: string;
                                    }[];
                                    /** @description IANA zone; unknown zones are 422. */
                                    timezone: string;
                                };
                                source_id: string;
                                source_type: string;
                                /** Format: date-time */
                                started_at: string | null;
                                /** @description created, syncing, running, paused, completed or failed. */
                                state: string;
                                telephony_configuration_id: number | null;
                                telephony_configuration_name: string | null;
                                /** @description Attempts queued (first tries and retries). */
                                total_queued_count: number;
                                /** @description Valid contacts imported. */
                                total_rows: number;
                                workflow_id: number;
                                workflow_name: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a campaign with its latest 100 log entries */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            circuit_breaker: {
                                enabled: boolean;
                                /** @description Share of failures in the window that trips. */
                                failure_threshold: number;
                                min_calls_in_window: number;
                                window_seconds: number;
                            };
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                            do_not_call_rows: number;
                            /** @description Rows set aside at import: number already in the campaign. */
                            duplicate_rows: number;
                            /** @description Attempts placed. */
                            executed_count: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            id: number;
                            /** @description Rows set aside at import: unusable number or row. */
                            invalid_rows: number;
                            local_caller_id: boolean;
                            /** @description The latest 100 entries, newest first. */
                            logs?: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            max_concurrency: number;
                            name: string;
                            parent_campaign_id: number | null;
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            redialed_campaign_id: number | null;
                            retry_config: {
                                enabled: boolean;
                                /** @description Retries after the first attempt. */
                                max_retries: number;
                                retry_delay_seconds: number;
                                retry_on_busy: boolean;
                                retry_on_no_answer: boolean;
                                retry_on_voicemail: boolean;
                            };
                            ring_timeout_seconds: number;
                            schedule_config: {
                                /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                contact_timezone: "campaign" | "contact";
                                enabled: boolean;
                                slots: {
                                    /** @description 0 = Monday … 6 = Sunday. */
                                    day_of_week: number;
                                    /**
                                     * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                     * @example 09:00
                                     */
                                    end_time: string;
                                    /**
                                     * @description HH:MM, 24 h, in the schedule zone.
                                     * @example 09:00
                                     */
                                    start_time: string;
                                }[];
                                /** @description IANA zone; unknown zones are 422. */
                                timezone: string;
                            };
                            source_id: string;
                            source_type: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @description created, syncing, running, paused, completed or failed. */
                            state: string;
                            telephony_configuration_id: number | null;
                            telephony_configuration_name: string | null;
                            /** @description Attempts queued (first tries and retries). */
                            total_queued_count: number;
                            /** @description Valid contacts imported. */
                            total_rows: number;
                            workflow_id: number;
                            workflow_name: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a campaign's name or settings
         * @description `retry_config`, `circuit_breaker` and `schedule_config` merge onto the stored values; `time_slots` replaces the slots. A running campaign picks the change up within a second. 409 on completed or failed campaigns.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        circuit_breaker?: {
                            enabled?: boolean;
                            /** @description Share of failures in the window that trips. */
                            failure_threshold?: number;
                            min_calls_in_window?: number;
                            window_seconds?: number;
                        };
                        /** @description Place each call from the configuration's active number nearest the contact (same area code, else region, else country, else the default caller). Default false. */
                        local_caller_id?: boolean;
                        /** @description 1 … the organization's max_concurrent_calls (default 10). */
                        max_concurrency?: number;
                        name?: string;
                        retry_config?: {
                            enabled?: boolean;
                            /** @description Retries after the first attempt. */
                            max_retries?: number;
                            retry_delay_seconds?: number;
                            retry_on_busy?: boolean;
                            retry_on_no_answer?: boolean;
                            retry_on_voicemail?: boolean;
                        };
                        /** @description Default 45. */
                        ring_timeout_seconds?: number;
                        schedule_config?: {
                            /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                            contact_timezone?: "campaign" | "contact";
                            enabled?: boolean;
                            slots?: {
                                /** @description 0 = Monday … 6 = Sunday. */
                                day_of_week: number;
                                /**
                                 * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                 * @example 09:00
                                 */
                                end_time: string;
                                /**
                                 * @description HH:MM, 24 h, in the schedule zone.
                                 * @example 09:00
                                 */
                                start_time: string;
                            }[];
                            /** @description IANA zone; unknown zones are 422. */
                            timezone?: string;
                        };
                        time_slots?: {
                            /** @description Lowercase weekday name: monday, tuesday, wednesday, thursday, friday, saturday, sunday. */
                            day: string;
                            /**
                             * @description HH:MM (or 24:00); earlier than start runs past midnight.
                             * @example 09:00
                             */
                            end: string;
                            /**
                             * @description HH:MM, 24 h.
                             * @example 09:00
                             */
                            start: string;
                        }[];
                        /** @description IANA zone of time_slots (default UTC). */
                        timezone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            circuit_breaker: {
                                enabled: boolean;
                                /** @description Share of failures in the window that trips. */
                                failure_threshold: number;
                                min_calls_in_window: number;
                                window_seconds: number;
                            };
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                            do_not_call_rows: number;
                            /** @description Rows set aside at import: number already in the campaign. */
                            duplicate_rows: number;
                            /** @description Attempts placed. */
                            executed_count: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            id: number;
                            /** @description Rows set aside at import: unusable number or row. */
                            invalid_rows: number;
                            local_caller_id: boolean;
                            /** @description The latest 100 entries, newest first. */
                            logs?: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            max_concurrency: number;
                            name: string;
                            parent_campaign_id: number | null;
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            redialed_campaign_id: number | null;
                            retry_config: {
                                enabled: boolean;
                                /** @description Retries after the first attempt. */
                                max_retries: number;
                                retry_delay_seconds: number;
                                retry_on_busy: boolean;
                                retry_on_no_answer: boolean;
                                retry_on_voicemail: boolean;
                            };
                            ring_timeout_seconds: number;
                            schedule_config: {
                                /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                contact_timezone: "campaign" | "contact";
                                enabled: boolean;
                                slots: {
                                    /** @description 0 = Monday … 6 = Sunday. */
                                    day_of_week: number;
                                    /**
                                     * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                     * @example 09:00
                                     */
                                    end_time: string;
                                    /**
                                     * @description HH:MM, 24 h, in the schedule zone.
                                     * @example 09:00
                                     */
                                    start_time: string;
                                }[];
                                /** @description IANA zone; unknown zones are 422. */
                                timezone: string;
                            };
                            source_id: string;
                            source_type: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @description created, syncing, running, paused, completed or failed. */
                            state: string;
                            telephony_configuration_id: number | null;
                            telephony_configuration_name: string | null;
                            /** @description Attempts queued (first tries and retries). */
                            total_queued_count: number;
                            /** @description Valid contacts imported. */
                            total_rows: number;
                            workflow_id: number;
                            workflow_name: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/forecast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign's contacts by what will happen to them, and its expected finish
         * @description Any state. A campaign not started is forecast from its source file, read without importing or dialing: a file over 1 MiB is read in the background and answers 202 with `partial: true` and the counts so far until done. 409 with the import’s reason (`source_not_found`, `source_changed`, `no_phone_number_column`, …) when the file cannot be read as the import would read it.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Mean call length to assume (1 … 86400 s) instead of the organization's recent attempts, the simulator's ring + talk seconds, or the default of 60 s. */
                    assume_call_seconds?: number;
                };
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assumptions: {
                                /** @description Where mean_call_seconds comes from. */
                                call_seconds_source: "assumed" | "history" | "simulator" | "default";
                                /** @description Attempts simulated: first tries and expected retries. */
                                expected_attempts: number;
                                max_concurrency: number;
                                mean_call_seconds: number;
                                /** @description Share of retries expected to earn another. */
                                retry_again_probability: number;
                                /** @description Share of first tries expected to earn a retry (the recent outcome mix). */
                                retry_probability: number;
                                /** @description Seconds a line is held per first try: the call and the engine’s overhead. */
                                seconds_per_attempt: number;
                                /** @description The same for a retry (retries follow short outcomes). */
                                seconds_per_retry: number;
                            };
                            contacts: {
                                /** @description Due now and inside every window that applies to them (schedule, own zones, legal hours). */
                                callable_now: number;
                                /** @description On the organization’s do-not-call list and not yet done: they end as do_not_call, undialed. */
                                do_not_call: number;
                                /** @description Contacts with a final outcome. */
                                done: number;
                                /** @description Rows the import sets (or set) aside as duplicates of an earlier row; not contacts. */
                                duplicate: number;
                                /** @description With an attempt queued or on the line now. */
                                in_flight: number;
                                /** @description Rows the import sets (or set) aside as invalid; not contacts. */
                                invalid: number;
                                /** @description Held by the organization’s frequency caps until an earlier attempt leaves the cap’s period. */
                                over_cap: number;
                                /** @description Valid, distinct contacts (the import’s total_rows): the sum of the counts below but invalid and duplicate. */
                                total: number;
                                /** @description Inside their window but waiting for a retry’s delay to pass. */
                                waiting_for_retry: number;
                                /** @description Not callable now because a window that applies to them is closed. */
                                waiting_for_window: number;
                            };
                            /**
                             * Format: date-time
                             * @description When the last expected call should end (for a campaign not started: if it is started now); null while `partial` or when no contact can ever be dialed.
                             */
                            expected_finish_at: string | null;
                            /** @description When each closed window next opens, earliest first (at most 50). */
                            next_openings: {
                                /** Format: date-time */
                                at: string;
                                /** @description The zone (or zones joined by "&") whose window is closed. */
                                timezone: string;
                            }[];
                            /** @description True while the source file (or the import) is still being read: counts so far. */
                            partial: boolean;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assumptions: {
                                /** @description Where mean_call_seconds comes from. */
                                call_seconds_source: "assumed" | "history" | "simulator" | "default";
                                /** @description Attempts simulated: first tries and expected retries. */
                                expected_attempts: number;
                                max_concurrency: number;
                                mean_call_seconds: number;
                                /** @description Share of retries expected to earn another. */
                                retry_again_probability: number;
                                /** @description Share of first tries expected to earn a retry (the recent outcome mix). */
                                retry_probability: number;
                                /** @description Seconds a line is held per first try: the call and the engine’s overhead. */
                                seconds_per_attempt: number;
                                /** @description The same for a retry (retries follow short outcomes). */
                                seconds_per_retry: number;
                            };
                            contacts: {
                                /** @description Due now and inside every window that applies to them (schedule, own zones, legal hours). */
                                callable_now: number;
                                /** @description On the organization’s do-not-call list and not yet done: they end as do_not_call, undialed. */
                                do_not_call: number;
                                /** @description Contacts with a final outcome. */
                                done: number;
                                /** @description Rows the import sets (or set) aside as duplicates of an earlier row; not contacts. */
                                duplicate: number;
                                /** @description With an attempt queued or on the line now. */
                                in_flight: number;
                                /** @description Rows the import sets (or set) aside as invalid; not contacts. */
                                invalid: number;
                                /** @description Held by the organization’s frequency caps until an earlier attempt leaves the cap’s period. */
                                over_cap: number;
                                /** @description Valid, distinct contacts (the import’s total_rows): the sum of the counts below but invalid and duplicate. */
                                total: number;
                                /** @description Inside their window but waiting for a retry’s delay to pass. */
                                waiting_for_retry: number;
                                /** @description Not callable now because a window that applies to them is closed. */
                                waiting_for_window: number;
                            };
                            /**
                             * Format: date-time
                             * @description When the last expected call should end (for a campaign not started: if it is started now); null while `partial` or when no contact can ever be dialed.
                             */
                            expected_finish_at: string | null;
                            /** @description When each closed window next opens, earliest first (at most 50). */
                            next_openings: {
                                /** Format: date-time */
                                at: string;
                                /** @description The zone (or zones joined by "&") whose window is closed. */
                                timezone: string;
                            }[];
                            /** @description True while the source file (or the import) is still being read: counts so far. */
                            partial: boolean;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Every problem at once; `loc` points into the request, e.g. body.workflow_definition.nodes.2. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                loc: string[];
                                msg: string;
                                type: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page through a campaign's log, newest first */
        get: {
            parameters: {
                query: {
                    limit: number;
                    page: number;
                };
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            logs: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            page: number;
                            total_count: number;
                            total_pages: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a running or syncing campaign; calls in flight finish
         * @description Any other state answers 409 `invalid_state_transition`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            circuit_breaker: {
                                enabled: boolean;
                                /** @description Share of failures in the window that trips. */
                                failure_threshold: number;
                                min_calls_in_window: number;
                                window_seconds: number;
                            };
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                            do_not_call_rows: number;
                            /** @description Rows set aside at import: number already in the campaign. */
                            duplicate_rows: number;
                            /** @description Attempts placed. */
                            executed_count: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            id: number;
                            /** @description Rows set aside at import: unusable number or row. */
                            invalid_rows: number;
                            local_caller_id: boolean;
                            /** @description The latest 100 entries, newest first. */
                            logs?: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            max_concurrency: number;
                            name: string;
                            parent_campaign_id: number | null;
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            redialed_campaign_id: number | null;
                            retry_config: {
                                enabled: boolean;
                                /** @description Retries after the first attempt. */
                                max_retries: number;
                                retry_delay_seconds: number;
                                retry_on_busy: boolean;
                                retry_on_no_answer: boolean;
                                retry_on_voicemail: boolean;
                            };
                            ring_timeout_seconds: number;
                            schedule_config: {
                                /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                contact_timezone: "campaign" | "contact";
                                enabled: boolean;
                                slots: {
                                    /** @description 0 = Monday … 6 = Sunday. */
                                    day_of_week: number;
                                    /**
                                     * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                     * @example 09:00
                                     */
                                    end_time: string;
                                    /**
                                     * @description HH:MM, 24 h, in the schedule zone.
                                     * @example 09:00
                                     */
                                    start_time: string;
                                }[];
                                /** @description IANA zone; unknown zones are 422. */
                                timezone: string;
                            };
                            source_id: string;
                            source_type: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @description created, syncing, running, paused, completed or failed. */
                            state: string;
                            telephony_configuration_id: number | null;
                            telephony_configuration_name: string | null;
                            /** @description Attempts queued (first tries and retries). */
                            total_queued_count: number;
                            /** @description Valid contacts imported. */
                            total_rows: number;
                            workflow_id: number;
                            workflow_name: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign's progress: counts, outcomes, calls in flight, next window and ETA
         * @description Shared for up to a second between requests (docs/api.md, "Shared reads"); the state is always current. Send `Cache-Control: no-cache` for figures read afresh.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaign_id: number;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** @description Ours: why the campaign is, or is not, dialing now, and when it next will. */
                            dialing: {
                                /** @description True while calls are under way or a contact can be dialed now. */
                                dialing: boolean;
                                /** @description Why contacts wait, or why the campaign is not dialing at all: each kind of hold with its count and when the first held contact can be called. Empty when nothing waits. */
                                reasons: {
                                    /** @description Contacts held for this reason; null for a reason about the whole campaign. */
                                    contacts: number | null;
                                    /** @description The reason in a sentence, for people. */
                                    message: string;
                                    /**
                                     * Format: date-time
                                     * @description When the first of them can be called (UTC).
                                     */
                                    next_at: string | null;
                                    /** @description `next_at` in that zone, ISO 8601 with its offset. */
                                    next_at_local: string | null;
                                    /** @enum {string} */
                                    reason: "not_started" | "importing" | "paused" | "circuit_breaker" | "legal_hours" | "schedule" | "retry_delay" | "frequency_cap" | "concurrency_limit";
                                    /** @description The callee's zone whose window opens first (several joined by `&`). */
                                    zone: string | null;
                                }[];
                            };
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list. */
                            do_not_call_rows: number;
                            /** @description Seconds until the forecast's last expected call ends (GET …/forecast's model: windows, legal hours, retries, caps, lines, recent call lengths); 0 when finished; null while not running or when no contact can be dialed. */
                            eta_seconds: number | null;
                            /** @description Dograh's: finished attempts whose call did not connect (busy, no_answer, failed, invalid_number). */
                            failed_calls: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            /** @description Attempts being dialed or on the line now. */
                            in_flight: number;
                            max_concurrency: number;
                            /**
                             * Format: date-time
                             * @description When the next call can start, while none can now: the earliest of the held contacts (legal hours, the schedule, a retry's delay, the frequency caps; `dialing.reasons`). Null while a contact can be dialed, when none ever can, and while not running.
                             */
                            next_window_at: string | null;
                            /** @description Finished attempts by outcome (a retried contact counts once per attempt). */
                            outcomes: {
                                busy: number;
                                canceled: number;
                                completed: number;
                                do_not_call: number;
                                error: number;
                                failed: number;
                                invalid_number: number;
                                no_answer: number;
                                no_callable_window: number;
                                transferred: number;
                                voicemail: number;
                            };
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            /** @description Dograh's: processed_rows ÷ total_rows × 100 (unrounded); 0 while there is no contact. */
                            progress_percentage: number;
                            /** @description Dograh's: calls per second the campaign's telephony configuration allows (`calls_per_second`, as the engine applies it); null when it sets none. */
                            rate_limit: number | null;
                            /** @description Contacts waiting for a retry whose attempt is not yet dialed. */
                            retries_pending: number;
                            /** @description Dograh's: where the contact import stands. */
                            source_sync: {
                                /** @description Why the import failed, in words. */
                                error: string | null;
                                /** Format: date-time */
                                last_synced_at: string | null;
                                /** @description Ours: the failure's code (as in the `source_sync_failed` log entry). */
                                reason: string | null;
                                status: "pending" | "in_progress" | "completed" | "failed";
                            };
                            /** Format: date-time */
                            started_at: string | null;
                            state: string;
                            /** @description Contacts of the campaign (valid rows imported so far). */
                            total_rows: number;
                            /** @description Contacts held until legal calling hours open in their zones (the organization's calling rules): while running, those whose legal hours are closed now; otherwise those the engine held. */
                            waiting_for_legal_hours: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/redial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a campaign that redials the contacts of a completed campaign by last outcome
         * @description The new campaign starts in `created` with the parent’s agent, configuration and settings, over the contacts whose last outcome the `retry_on_*` flags pick; `retry_config` merges onto the parent’s. 409 `invalid_state_transition` unless the parent is completed; 409 `campaign_already_redialed` the second time.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default: the parent name + " (redial)". */
                        name?: string;
                        retry_config?: {
                            enabled?: boolean;
                            /** @description Retries after the first attempt. */
                            max_retries?: number;
                            retry_delay_seconds?: number;
                            retry_on_busy?: boolean;
                            retry_on_no_answer?: boolean;
                            retry_on_voicemail?: boolean;
                        };
                        /**
                         * @description Redial contacts whose last outcome was busy.
                         * @default false
                         */
                        retry_on_busy?: boolean;
                        /**
                         * @description Redial contacts whose last outcome was no_answer.
                         * @default false
                         */
                        retry_on_no_answer?: boolean;
                        /**
                         * @description Redial contacts whose last outcome was voicemail.
                         * @default false
                         */
                        retry_on_voicemail?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            circuit_breaker: {
                                enabled: boolean;
                                /** @description Share of failures in the window that trips. */
                                failure_threshold: number;
                                min_calls_in_window: number;
                                window_seconds: number;
                            };
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                            do_not_call_rows: number;
                            /** @description Rows set aside at import: number already in the campaign. */
                            duplicate_rows: number;
                            /** @description Attempts placed. */
                            executed_count: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            id: number;
                            /** @description Rows set aside at import: unusable number or row. */
                            invalid_rows: number;
                            local_caller_id: boolean;
                            /** @description The latest 100 entries, newest first. */
                            logs?: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            max_concurrency: number;
                            name: string;
                            parent_campaign_id: number | null;
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            redialed_campaign_id: number | null;
                            retry_config: {
                                enabled: boolean;
                                /** @description Retries after the first attempt. */
                                max_retries: number;
                                retry_delay_seconds: number;
                                retry_on_busy: boolean;
                                retry_on_no_answer: boolean;
                                retry_on_voicemail: boolean;
                            };
                            ring_timeout_seconds: number;
                            schedule_config: {
                                /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                contact_timezone: "campaign" | "contact";
                                enabled: boolean;
                                slots: {
                                    /** @description 0 = Monday … 6 = Sunday. */
                                    day_of_week: number;
                                    /**
                                     * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                     * @example 09:00
                                     */
                                    end_time: string;
                                    /**
                                     * @description HH:MM, 24 h, in the schedule zone.
                                     * @example 09:00
                                     */
                                    start_time: string;
                                }[];
                                /** @description IANA zone; unknown zones are 422. */
                                timezone: string;
                            };
                            source_id: string;
                            source_type: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @description created, syncing, running, paused, completed or failed. */
                            state: string;
                            telephony_configuration_id: number | null;
                            telephony_configuration_name: string | null;
                            /** @description Attempts queued (first tries and retries). */
                            total_queued_count: number;
                            /** @description Valid contacts imported. */
                            total_rows: number;
                            workflow_id: number;
                            workflow_name: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/rejected-rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rows the campaign's import set aside (invalid or duplicate), with their reasons */
        get: {
            parameters: {
                query: {
                    limit: number;
                    page: number;
                };
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            page: number;
                            rows: {
                                /** @description The reason in words. */
                                message: string;
                                /** @description The code: duplicate, invalid_phone_number, invalid_timezone, … */
                                reason: string;
                                /** @description The row as read: column → cell. */
                                row: {
                                    [key: string]: unknown;
                                };
                                /** @description The row of the file (the header is row 0). */
                                row_number: number;
                            }[];
                            total_count: number;
                            total_pages: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/rejected-rows/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the rows the campaign's import set aside as CSV
         * @description Columns `row_number`, `reason`, `message`, then the columns of the rows as read (sorted by name). Cells are safe to open in a spreadsheet (a cell starting with =, +, -, @, tab or carriage return gets a leading apostrophe).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The set-aside rows as CSV. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused campaign where it left off
         * @description Any other state answers 409 `invalid_state_transition`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            circuit_breaker: {
                                enabled: boolean;
                                /** @description Share of failures in the window that trips. */
                                failure_threshold: number;
                                min_calls_in_window: number;
                                window_seconds: number;
                            };
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                            do_not_call_rows: number;
                            /** @description Rows set aside at import: number already in the campaign. */
                            duplicate_rows: number;
                            /** @description Attempts placed. */
                            executed_count: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            id: number;
                            /** @description Rows set aside at import: unusable number or row. */
                            invalid_rows: number;
                            local_caller_id: boolean;
                            /** @description The latest 100 entries, newest first. */
                            logs?: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            max_concurrency: number;
                            name: string;
                            parent_campaign_id: number | null;
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            redialed_campaign_id: number | null;
                            retry_config: {
                                enabled: boolean;
                                /** @description Retries after the first attempt. */
                                max_retries: number;
                                retry_delay_seconds: number;
                                retry_on_busy: boolean;
                                retry_on_no_answer: boolean;
                                retry_on_voicemail: boolean;
                            };
                            ring_timeout_seconds: number;
                            schedule_config: {
                                /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                contact_timezone: "campaign" | "contact";
                                enabled: boolean;
                                slots: {
                                    /** @description 0 = Monday … 6 = Sunday. */
                                    day_of_week: number;
                                    /**
                                     * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                     * @example 09:00
                                     */
                                    end_time: string;
                                    /**
                                     * @description HH:MM, 24 h, in the schedule zone.
                                     * @example 09:00
                                     */
                                    start_time: string;
                                }[];
                                /** @description IANA zone; unknown zones are 422. */
                                timezone: string;
                            };
                            source_id: string;
                            source_type: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @description created, syncing, running, paused, completed or failed. */
                            state: string;
                            telephony_configuration_id: number | null;
                            telephony_configuration_name: string | null;
                            /** @description Attempts queued (first tries and retries). */
                            total_queued_count: number;
                            /** @description Valid contacts imported. */
                            total_rows: number;
                            workflow_id: number;
                            workflow_name: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List one campaign's runs (same filters, paging and totals as the organization list)
         * @description Shared for up to a second between requests for the same page and filters (docs/api.md, "Shared reads"). Send `Cache-Control: no-cache` for a page read afresh.
         */
        get: {
            parameters: {
                query: {
                    /** @description ISO 8601 date-time; inclusive upper bound. A bare date (YYYY-MM-DD) includes that whole day. */
                    end_date?: string;
                    /** @description JSON array of {attribute, type, value | codes | min | max}: runId, workflowId, campaignId (number), callerNumber, calledNumber (text, substring), dispositionCode (multiSelect, codes), duration (numberRange). */
                    filters?: string;
                    limit: number;
                    page: number;
                    /** @description ISO 8601 date-time (UTC unless an offset is given); inclusive lower bound. */
                    start_date?: string;
                };
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            page: number;
                            runs: {
                                bot_recording_public_url: string | null;
                                bot_recording_url: string | null;
                                call_duration_seconds: number | null;
                                call_type: string;
                                called_number: string | null;
                                caller_number: string | null;
                                charge_usd: number;
                                cost_info: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                created_at: string;
                                definition_id: number | null;
                                disposition: string | null;
                                /** @description Dograh's name for service_token_usage: the same value. */
                                dograh_token_usage: number;
                                gathered_context: {
                                    [key: string]: unknown;
                                };
                                id: number;
                                initial_context: {
                                    [key: string]: unknown;
                                };
                                is_completed: boolean;
                                mode: string;
                                name: string;
                                phone_number: string | null;
                                public_access_token: string | null;
                                recording_public_url: string | null;
                                recording_url: string | null;
                                service_token_usage: number;
                                transcript_public_url: string | null;
                                transcript_url: string | null;
                                user_recording_public_url: string | null;
                                user_recording_url: string | null;
                                workflow_id: number;
                                workflow_name: string;
                            }[];
                            total_count: number;
                            /** @description Dograh's name for total_service_tokens: the same value. */
                            total_dograh_tokens: number;
                            total_duration_seconds: number;
                            total_pages: number;
                            total_service_tokens: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{campaign_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a campaign in created: it imports its contacts, then dials
         * @description Any other state answers 409 `invalid_state_transition`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaign_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            circuit_breaker: {
                                enabled: boolean;
                                /** @description Share of failures in the window that trips. */
                                failure_threshold: number;
                                min_calls_in_window: number;
                                window_seconds: number;
                            };
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                            do_not_call_rows: number;
                            /** @description Rows set aside at import: number already in the campaign. */
                            duplicate_rows: number;
                            /** @description Attempts placed. */
                            executed_count: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            id: number;
                            /** @description Rows set aside at import: unusable number or row. */
                            invalid_rows: number;
                            local_caller_id: boolean;
                            /** @description The latest 100 entries, newest first. */
                            logs?: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            max_concurrency: number;
                            name: string;
                            parent_campaign_id: number | null;
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            redialed_campaign_id: number | null;
                            retry_config: {
                                enabled: boolean;
                                /** @description Retries after the first attempt. */
                                max_retries: number;
                                retry_delay_seconds: number;
                                retry_on_busy: boolean;
                                retry_on_no_answer: boolean;
                                retry_on_voicemail: boolean;
                            };
                            ring_timeout_seconds: number;
                            schedule_config: {
                                /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                contact_timezone: "campaign" | "contact";
                                enabled: boolean;
                                slots: {
                                    /** @description 0 = Monday … 6 = Sunday. */
                                    day_of_week: number;
                                    /**
                                     * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                     * @example 09:00
                                     */
                                    end_time: string;
                                    /**
                                     * @description HH:MM, 24 h, in the schedule zone.
                                     * @example 09:00
                                     */
                                    start_time: string;
                                }[];
                                /** @description IANA zone; unknown zones are 422. */
                                timezone: string;
                            };
                            source_id: string;
                            source_type: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @description created, syncing, running, paused, completed or failed. */
                            state: string;
                            telephony_configuration_id: number | null;
                            telephony_configuration_name: string | null;
                            /** @description Attempts queued (first tries and retries). */
                            total_queued_count: number;
                            /** @description Valid contacts imported. */
                            total_rows: number;
                            workflow_id: number;
                            workflow_name: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a campaign with its contacts, attempts, runs and their recordings and transcripts */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                attempts: number;
                                campaigns: number;
                                contacts: number;
                                runs: number;
                            };
                            id: number;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a campaign over an uploaded contacts CSV
         * @description The campaign starts in `created`. `time_slots` + `timezone` is the short form of `schedule_config`; settings not sent take their defaults.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        circuit_breaker?: {
                            enabled?: boolean;
                            /** @description Share of failures in the window that trips. */
                            failure_threshold?: number;
                            min_calls_in_window?: number;
                            window_seconds?: number;
                        };
                        /** @description Place each call from the configuration's active number nearest the contact (same area code, else region, else country, else the default caller). Default false. */
                        local_caller_id?: boolean;
                        /** @description 1 … the organization's max_concurrent_calls (default 10). */
                        max_concurrency?: number;
                        name: string;
                        retry_config?: {
                            enabled?: boolean;
                            /** @description Retries after the first attempt. */
                            max_retries?: number;
                            retry_delay_seconds?: number;
                            retry_on_busy?: boolean;
                            retry_on_no_answer?: boolean;
                            retry_on_voicemail?: boolean;
                        };
                        /** @description Default 45. */
                        ring_timeout_seconds?: number;
                        schedule_config?: {
                            /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                            contact_timezone?: "campaign" | "contact";
                            enabled?: boolean;
                            slots?: {
                                /** @description 0 = Monday … 6 = Sunday. */
                                day_of_week: number;
                                /**
                                 * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                 * @example 09:00
                                 */
                                end_time: string;
                                /**
                                 * @description HH:MM, 24 h, in the schedule zone.
                                 * @example 09:00
                                 */
                                start_time: string;
                            }[];
                            /** @description IANA zone; unknown zones are 422. */
                            timezone?: string;
                        };
                        /** @description The `file_key` of a contacts upload. */
                        source_id: string;
                        /** @description `csv`. */
                        source_type: string;
                        /** @description Default: the organization's default outbound configuration. */
                        telephony_configuration_id?: number;
                        time_slots?: {
                            /** @description Lowercase weekday name: monday, tuesday, wednesday, thursday, friday, saturday, sunday. */
                            day: string;
                            /**
                             * @description HH:MM (or 24:00); earlier than start runs past midnight.
                             * @example 09:00
                             */
                            end: string;
                            /**
                             * @description HH:MM, 24 h.
                             * @example 09:00
                             */
                            start: string;
                        }[];
                        /** @description IANA zone of time_slots (default UTC). */
                        timezone?: string;
                        /** @description The agent that makes the calls. */
                        workflow_id: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            circuit_breaker: {
                                enabled: boolean;
                                /** @description Share of failures in the window that trips. */
                                failure_threshold: number;
                                min_calls_in_window: number;
                                window_seconds: number;
                            };
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed). */
                            do_not_call_rows: number;
                            /** @description Rows set aside at import: number already in the campaign. */
                            duplicate_rows: number;
                            /** @description Attempts placed. */
                            executed_count: number;
                            /** @description Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call. */
                            failed_rows: number;
                            id: number;
                            /** @description Rows set aside at import: unusable number or row. */
                            invalid_rows: number;
                            local_caller_id: boolean;
                            /** @description The latest 100 entries, newest first. */
                            logs?: {
                                details: {
                                    [key: string]: unknown;
                                };
                                event: string;
                                level: string;
                                message: string;
                                /** Format: date-time */
                                ts: string;
                            }[];
                            max_concurrency: number;
                            name: string;
                            parent_campaign_id: number | null;
                            /** @description Contacts with a final outcome. */
                            processed_rows: number;
                            redialed_campaign_id: number | null;
                            retry_config: {
                                enabled: boolean;
                                /** @description Retries after the first attempt. */
                                max_retries: number;
                                retry_delay_seconds: number;
                                retry_on_busy: boolean;
                                retry_on_no_answer: boolean;
                                retry_on_voicemail: boolean;
                            };
                            ring_timeout_seconds: number;
                            schedule_config: {
                                /** @description Whose zone the slots are read in: the campaign's, or each contact's own. */
                                contact_timezone: "campaign" | "contact";
                                enabled: boolean;
                                slots: {
                                    /** @description 0 = Monday … 6 = Sunday. */
                                    day_of_week: number;
                                    /**
                                     * @description HH:MM (or 24:00); earlier than start_time runs past midnight.
                                     * @example 09:00
                                     */
                                    end_time: string;
                                    /**
                                     * @description HH:MM, 24 h, in the schedule zone.
                                     * @example 09:00
                                     */
                                    start_time: string;
                                }[];
                                /** @description IANA zone; unknown zones are 422. */
                                timezone: string;
                            };
                            source_id: string;
                            source_type: string;
                            /** Format: date-time */
                            started_at: string | null;
                            /** @description created, syncing, running, paused, completed or failed. */
                            state: string;
                            telephony_configuration_id: number | null;
                            telephony_configuration_name: string | null;
                            /** @description Attempts queued (first tries and retries). */
                            total_queued_count: number;
                            /** @description Valid contacts imported. */
                            total_rows: number;
                            workflow_id: number;
                            workflow_name: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook credentials
         * @description The live credentials of the organization, by name; secrets masked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description The fields of the type; secrets masked (all but the last 4 characters are `*`). */
                            credential_data: {
                                [key: string]: string;
                            };
                            credential_type: string;
                            description: string | null;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: uuid */
                            uuid: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a webhook credential
         * @description Name unique among the live credentials of the organization (409 credential_name_taken). `credential_data` holds every field of `credential_type`; a problem with any is a 422 naming it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The fields of `credential_type`, all required, all strings. Secrets (`api_key`, `token`, `password`, `header_value`) are encrypted at rest and answered masked; sending the mask back keeps the stored secret. */
                        credential_data: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description `api_key` (`header_name`, `api_key`), `bearer_token` (`token`), `basic_auth` (`username`, `password`), `custom_header` (`header_name`, `header_value`). Dograh's `none` is refused: leave the credential out instead.
                         * @enum {string}
                         */
                        credential_type: "api_key" | "bearer_token" | "basic_auth" | "custom_header";
                        description?: string | null;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description The fields of the type; secrets masked (all but the last 4 characters are `*`). */
                            credential_data: {
                                [key: string]: string;
                            };
                            credential_type: string;
                            description: string | null;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: uuid */
                            uuid: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credentials/{credential_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook credential */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    credential_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description The fields of the type; secrets masked (all but the last 4 characters are `*`). */
                            credential_data: {
                                [key: string]: string;
                            };
                            credential_type: string;
                            description: string | null;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: uuid */
                            uuid: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        /**
         * Update a webhook credential
         * @description Partial: absent or `null` keeps `name`, `credential_type` and `credential_data`; `description: null` clears it. With the stored type, sent fields replace stored ones and the stored mask keeps a secret; another type needs all of its fields.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    credential_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The fields of `credential_type`, all required, all strings. Secrets (`api_key`, `token`, `password`, `header_value`) are encrypted at rest and answered masked; sending the mask back keeps the stored secret. */
                        credential_data?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description `api_key` (`header_name`, `api_key`), `bearer_token` (`token`), `basic_auth` (`username`, `password`), `custom_header` (`header_name`, `header_value`). Dograh's `none` is refused: leave the credential out instead.
                         * @enum {string|null}
                         */
                        credential_type?: "api_key" | "bearer_token" | "basic_auth" | "custom_header" | null;
                        description?: string | null;
                        name?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description The fields of the type; secrets masked (all but the last 4 characters are `*`). */
                            credential_data: {
                                [key: string]: string;
                            };
                            credential_type: string;
                            description: string | null;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: uuid */
                            uuid: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a webhook credential
         * @description Soft: the credential leaves every list and lookup and its secrets are erased. 409 credential_in_use, naming its users, while the current definition of an agent (active or archived) names it in `pre_call_fetch_credential_uuid` or a tool that is not archived names it in its definition.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    credential_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "deleted";
                            /** Format: uuid */
                            uuid: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health and its dependencies
         * @description Checks the database, Temporal and object storage in parallel with short timeouts.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            auth_provider: string;
                            backend_api_endpoint: string;
                            dependencies: {
                                /** @description `ok`, or why the dependency is unavailable. */
                                database: string;
                                /** @description `ok`, or why the dependency is unavailable. */
                                storage: string;
                                /** @description `ok`, or why the dependency is unavailable. */
                                temporal: string;
                            };
                            deployment_mode: string;
                            /** @description Dograh's: browser calls relayed through TURN; false, as above. */
                            force_turn_relay: boolean;
                            /** @description Dograh's: open signup (SIGNUP_ENABLED); when false, only an empty install's first signup is taken. */
                            signup_enabled: boolean;
                            status: "ok" | "degraded";
                            /** @description Dograh's: a TURN server for browser (WebRTC) calls. false: this service has no WebRTC calls. */
                            turn_enabled: boolean;
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            auth_provider: string;
                            backend_api_endpoint: string;
                            dependencies: {
                                /** @description `ok`, or why the dependency is unavailable. */
                                database: string;
                                /** @description `ok`, or why the dependency is unavailable. */
                                storage: string;
                                /** @description `ok`, or why the dependency is unavailable. */
                                temporal: string;
                            };
                            deployment_mode: string;
                            /** @description Dograh's: browser calls relayed through TURN; false, as above. */
                            force_turn_relay: boolean;
                            /** @description Dograh's: open signup (SIGNUP_ENABLED); when false, only an empty install's first signup is taken. */
                            signup_enabled: boolean;
                            status: "ok" | "degraded";
                            /** @description Dograh's: a TURN server for browser (WebRTC) calls. false: this service has no WebRTC calls. */
                            turn_enabled: boolean;
                            version: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/knowledge-base/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List documents
         * @description Newest first; `status` keeps one processing status.
         */
        get: {
            parameters: {
                query: {
                    limit: number;
                    offset: number;
                    status?: "pending" | "processing" | "completed" | "failed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: {
                                created_at: string;
                                /** @description The user who made it; 0 for an API key without a user. */
                                created_by: number;
                                custom_metadata: {
                                    [key: string]: unknown;
                                };
                                docling_metadata: {
                                    [key: string]: unknown;
                                };
                                document_uuid: string;
                                embedding_error: string | null;
                                embedding_model: string | null;
                                /** @description `none`: no embeddings endpoint (text search only); `embedded`: searched by text and vectors; `failed`: the endpoint failed (`embedding_error`), searched by text only. */
                                embedding_status: "none" | "embedded" | "failed";
                                embedding_voice_config_id: number | null;
                                file_hash: string;
                                file_size_bytes: number;
                                filename: string;
                                id: number;
                                is_active: boolean;
                                language: string;
                                mime_type: string;
                                organization_id: number;
                                processing_error: string | null;
                                /** @description 0–100. */
                                processing_progress: number;
                                processing_status: "pending" | "processing" | "completed" | "failed";
                                retrieval_mode: "chunked" | "full_document";
                                source_url: string | null;
                                total_chunks: number;
                                updated_at: string;
                            }[];
                            limit: number;
                            offset: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/knowledge-base/documents/{document_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a document */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            /** @description The user who made it; 0 for an API key without a user. */
                            created_by: number;
                            custom_metadata: {
                                [key: string]: unknown;
                            };
                            docling_metadata: {
                                [key: string]: unknown;
                            };
                            document_uuid: string;
                            embedding_error: string | null;
                            embedding_model: string | null;
                            /** @description `none`: no embeddings endpoint (text search only); `embedded`: searched by text and vectors; `failed`: the endpoint failed (`embedding_error`), searched by text only. */
                            embedding_status: "none" | "embedded" | "failed";
                            embedding_voice_config_id: number | null;
                            file_hash: string;
                            file_size_bytes: number;
                            filename: string;
                            id: number;
                            is_active: boolean;
                            language: string;
                            mime_type: string;
                            organization_id: number;
                            processing_error: string | null;
                            /** @description 0–100. */
                            processing_progress: number;
                            processing_status: "pending" | "processing" | "completed" | "failed";
                            retrieval_mode: "chunked" | "full_document";
                            source_url: string | null;
                            total_chunks: number;
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a document
         * @description Removes the document, its chunks and its stored file.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            success: boolean;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/knowledge-base/process-document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Index an uploaded document
         * @description Creates the document as `pending` and indexes it in the background: `processing` (with `processing_progress`), then `completed` or `failed` with `processing_error`. An `s3_key` that is not this document's upload key is 404 file_not_found. A `failed` document is processed again (its file uploaded again first, when its error was about the file); any other `document_uuid` already processed is 409 document_exists. With an embeddings endpoint (a voice configuration with an `embeddings` section: the one `voice_config_id` names, else the most recently updated) the chunks are also embedded: `embedding_status` `embedded`, or `failed` with `embedding_error` (the document is then completed and searched by text alone); `none` without one.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        document_uuid: string;
                        /** @description A PostgreSQL text-search configuration for the document's language (default `english`). */
                        language?: string;
                        retrieval_mode?: "chunked" | "full_document";
                        s3_key: string;
                        /** @description The voice configuration whose `embeddings` section embeds the chunks (default: the most recently updated one that has one; none: text search only). */
                        voice_config_id?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            /** @description The user who made it; 0 for an API key without a user. */
                            created_by: number;
                            custom_metadata: {
                                [key: string]: unknown;
                            };
                            docling_metadata: {
                                [key: string]: unknown;
                            };
                            document_uuid: string;
                            embedding_error: string | null;
                            embedding_model: string | null;
                            /** @description `none`: no embeddings endpoint (text search only); `embedded`: searched by text and vectors; `failed`: the endpoint failed (`embedding_error`), searched by text only. */
                            embedding_status: "none" | "embedded" | "failed";
                            embedding_voice_config_id: number | null;
                            file_hash: string;
                            file_size_bytes: number;
                            filename: string;
                            id: number;
                            is_active: boolean;
                            language: string;
                            mime_type: string;
                            organization_id: number;
                            processing_error: string | null;
                            /** @description 0–100. */
                            processing_progress: number;
                            processing_status: "pending" | "processing" | "completed" | "failed";
                            retrieval_mode: "chunked" | "full_document";
                            source_url: string | null;
                            total_chunks: number;
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/knowledge-base/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search document chunks
         * @description Ranked full-text search over the organization's completed documents (or those of `document_uuids`), blended with vector search for the documents that were embedded (docs/api.md, "Knowledge base"). `similarity` (0–1): the text rank scaled, or with vectors the fused score; `min_similarity` drops chunks below it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        document_uuids?: string[] | null;
                        /** @default 5 */
                        limit: number;
                        min_similarity?: number | null;
                        query: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chunks: {
                                chunk_index: number;
                                chunk_metadata: {
                                    [key: string]: unknown;
                                };
                                chunk_text: string;
                                contextualized_text: string | null;
                                document_id: number;
                                document_uuid: string;
                                filename: string;
                                id: number;
                                similarity: number;
                            }[];
                            query: string;
                            total_results: number;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/knowledge-base/upload-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a URL to upload a document to
         * @description PUT the file to `upload_url` with `Content-Type` equal to `mime_type`, then call `/process-document` with `document_uuid` and `s3_key`. Text, Markdown, HTML, PDF and DOCX up to 20971520 bytes; another kind, or a `mime_type` that does not fit the name, is 422.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        custom_metadata?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description Name of the file; .txt, .md, .html, .pdf or .docx. */
                        filename: string;
                        /** @description MIME type of the file; must fit its name. */
                        mime_type: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            document_uuid: string;
                            s3_key: string;
                            /** @description PUT the bytes here with the declared `Content-Type`. */
                            upload_url: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/livez": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/node-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the node types of agent definitions with their specs
         * @description Dograh's node-spec catalog: `properties` lists every key a node's data may carry. Dograh's SDK checks node data against it and throws on any other key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            node_types: {
                                category: "call_node" | "global_node" | "trigger" | "integration";
                                description: string;
                                display_name: string;
                                docs_url: string | null;
                                examples: {
                                    data: {
                                        [key: string]: unknown;
                                    };
                                    description: string | null;
                                    name: string;
                                }[];
                                /** @enum {object|null} */
                                graph_constraints: never | null;
                                /** @description A lucide-react icon name. */
                                icon: string;
                                llm_hint: string | null;
                                /** @description The node `type` in a definition. */
                                name: string;
                                /** @description Every key node data may carry; the SDK throws on any other key. */
                                properties: {
                                    /** @description Filled in by the SDK when the key is absent; null: none. */
                                    default: unknown;
                                    description: string;
                                    display_name: string;
                                    display_options: {
                                        hide: {
                                            [key: string]: unknown[];
                                        } | null;
                                        show: {
                                            [key: string]: unknown[];
                                        } | null;
                                    } | null;
                                    editor: string | null;
                                    llm_hint: string | null;
                                    max_length: number | null;
                                    max_value: number | null;
                                    min_length: number | null;
                                    min_value: number | null;
                                    name: string;
                                    options: {
                                        description: string | null;
                                        label: string;
                                        value: string | number | boolean;
                                    }[] | null;
                                    pattern: string | null;
                                    placeholder: string | null;
                                    properties: {
                                        /** @description Filled in by the SDK when the key is absent; null: none. */
                                        default: unknown;
                                        description: string;
                                        display_name: string;
                                        display_options: {
                                            hide: {
                                                [key: string]: unknown[];
                                            } | null;
                                            show: {
                                                [key: string]: unknown[];
                                            } | null;
                                        } | null;
                                        editor: string | null;
                                        llm_hint: string | null;
                                        max_length: number | null;
                                        max_value: number | null;
                                        min_length: number | null;
                                        min_value: number | null;
                                        name: string;
                                        options: {
                                            description: string | null;
                                            label: string;
                                            value: string | number | boolean;
                                        }[] | null;
                                        pattern: string | null;
                                        placeholder: string | null;
                                        /** @enum {object|null} */
                                        properties: never | null;
                                        /** @enum {object|null} */
                                        renderer_options: never | null;
                                        required: boolean;
                                        /** @enum {string} */
                                        type: "string" | "number" | "boolean" | "options" | "multi_options" | "fixed_collection" | "json" | "tool_refs" | "document_refs" | "recording_ref" | "credential_ref" | "mention_textarea" | "url";
                                    }[] | null;
                                    /** @enum {object|null} */
                                    renderer_options: never | null;
                                    required: boolean;
                                    /** @enum {string} */
                                    type: "string" | "number" | "boolean" | "options" | "multi_options" | "fixed_collection" | "json" | "tool_refs" | "document_refs" | "recording_ref" | "credential_ref" | "mention_textarea" | "url";
                                }[];
                                version: string;
                            }[];
                            spec_version: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/node-types/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One node type's spec */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One node type's spec, in the shape of Dograh's NodeSpec. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: "call_node" | "global_node" | "trigger" | "integration";
                            description: string;
                            display_name: string;
                            docs_url: string | null;
                            examples: {
                                data: {
                                    [key: string]: unknown;
                                };
                                description: string | null;
                                name: string;
                            }[];
                            /** @enum {object|null} */
                            graph_constraints: never | null;
                            /** @description A lucide-react icon name. */
                            icon: string;
                            llm_hint: string | null;
                            /** @description The node `type` in a definition. */
                            name: string;
                            /** @description Every key node data may carry; the SDK throws on any other key. */
                            properties: {
                                /** @description Filled in by the SDK when the key is absent; null: none. */
                                default: unknown;
                                description: string;
                                display_name: string;
                                display_options: {
                                    hide: {
                                        [key: string]: unknown[];
                                    } | null;
                                    show: {
                                        [key: string]: unknown[];
                                    } | null;
                                } | null;
                                editor: string | null;
                                llm_hint: string | null;
                                max_length: number | null;
                                max_value: number | null;
                                min_length: number | null;
                                min_value: number | null;
                                name: string;
                                options: {
                                    description: string | null;
                                    label: string;
                                    value: string | number | boolean;
                                }[] | null;
                                pattern: string | null;
                                placeholder: string | null;
                                properties: {
                                    /** @description Filled in by the SDK when the key is absent; null: none. */
                                    default: unknown;
                                    description: string;
                                    display_name: string;
                                    display_options: {
                                        hide: {
                                            [key: string]: unknown[];
                                        } | null;
                                        show: {
                                            [key: string]: unknown[];
                                        } | null;
                                    } | null;
                                    editor: string | null;
                                    llm_hint: string | null;
                                    max_length: number | null;
                                    max_value: number | null;
                                    min_length: number | null;
                                    min_value: number | null;
                                    name: string;
                                    options: {
                                        description: string | null;
                                        label: string;
                                        value: string | number | boolean;
                                    }[] | null;
                                    pattern: string | null;
                                    placeholder: string | null;
                                    /** @enum {object|null} */
                                    properties: never | null;
                                    /** @enum {object|null} */
                                    renderer_options: never | null;
                                    required: boolean;
                                    /** @enum {string} */
                                    type: "string" | "number" | "boolean" | "options" | "multi_options" | "fixed_collection" | "json" | "tool_refs" | "document_refs" | "recording_ref" | "credential_ref" | "mention_textarea" | "url";
                                }[] | null;
                                /** @enum {object|null} */
                                renderer_options: never | null;
                                required: boolean;
                                /** @enum {string} */
                                type: "string" | "number" | "boolean" | "options" | "multi_options" | "fixed_collection" | "json" | "tool_refs" | "document_refs" | "recording_ref" | "credential_ref" | "mention_textarea" | "url";
                            }[];
                            version: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the caller's organization: campaigns (running ones stopped), agents, configurations, numbers, runs, artifacts, keys, and users who belong to no other organization */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                campaigns: number;
                                runs: number;
                                users: number;
                            };
                            id: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/calling-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's calling rules (defaults when never changed: legal hours 08:00-21:00, no caps) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            frequency_caps: {
                                per_7d: number | null;
                                per_24h: number | null;
                            };
                            legal_hours: {
                                enabled: boolean;
                                end: string;
                                start: string;
                            };
                        };
                    };
                };
            };
        };
        /** Change calling rules (given fields only); contacts waiting for legal hours are judged again at once */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        frequency_caps?: {
                            /** @description At most this many attempts to one number in the window; null: no cap */
                            per_7d?: number | null;
                            /** @description At most this many attempts to one number in the window; null: no cap */
                            per_24h?: number | null;
                        };
                        legal_hours?: {
                            enabled?: boolean;
                            /**
                             * @description HH:MM, 24 h
                             * @example 08:00
                             */
                            end?: string;
                            /**
                             * @description HH:MM, 24 h
                             * @example 08:00
                             */
                            start?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            frequency_caps: {
                                per_7d: number | null;
                                per_24h: number | null;
                            };
                            legal_hours: {
                                enabled: boolean;
                                end: string;
                                start: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this deployment can do for the organization (whether an LLM is configured) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            llm: {
                                /** @description An LLM answers for this organization: agents with LLM steps talk. */
                                configured: boolean;
                                /** @description Where: the operator's settings, else one of the organization's voice configurations; null without one. */
                                source: "deployment" | "voice_configuration" | (never | null);
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/data-deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a person's data by phone number: contacts, attempts and runs (called or calling) with their artifacts */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description E.164, or national in DEFAULT_PHONE_REGION */
                        phone_number: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                attempts: number;
                                campaigns: number;
                                contacts: number;
                                runs: number;
                            };
                            phone_number: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/do-not-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page the organization's do-not-call list, newest first */
        get: {
            parameters: {
                query: {
                    limit: number;
                    page: number;
                    /** @description Digits the number contains (spaces, dashes, dots, parentheses and `+` are ignored). */
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entries: {
                                /** @description `user:<id>` or `api_key:<id>` that added it; null when the engine did. */
                                added_by: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description E.164. */
                                number: string;
                                reason: string | null;
                                /** @description The run whose call led to it (opt_out). */
                                run_id: number | null;
                                /** @description api (added by hand), import (CSV), opt_out (the person asked during a call), campaign. */
                                source: "api" | "import" | "opt_out" | "campaign";
                            }[];
                            limit: number;
                            page: number;
                            total_count: number;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Add numbers to the do-not-call list
         * @description Numbers are parsed as contact numbers are (E.164, or national in the default region). Adding a listed number changes nothing (it is reported in `already_listed`); invalid numbers are reported, the others added. From the next claim on, no campaign or one-off call of the organization dials a listed number.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 1 … 1000 numbers, E.164 or national in the default region. */
                        numbers: string[];
                        /** @description Why the number must not be called. */
                        reason?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Numbers (E.164) put on the list by this request. */
                            added: string[];
                            /** @description Numbers (E.164) that were on the list already. */
                            already_listed: string[];
                            /** @description Numbers that are not valid phone numbers (`invalid_phone_number`, `missing_phone_number`). */
                            invalid: {
                                error: string;
                                number: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/do-not-call/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Take a number off the do-not-call list
         * @description 204; 404 `do_not_call_entry_not_found` when the number is not on the list.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The number, URL-encoded (`%2B14155550123`). */
                    number: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/do-not-call/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the do-not-call list as CSV
         * @description Columns number, reason, source, run_id, created_at, in the order numbers were added. Safe to open in a spreadsheet: a cell starting with =, +, -, @, tab or carriage return is written with a leading apostrophe (so every number reads `'+14155550123`); the import takes it off again.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The list as CSV. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/do-not-call/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add the numbers of an uploaded CSV to the do-not-call list
         * @description Upload the file through `POST /s3/presigned-upload-url` first. The number is read from a `phone_number` or `number` column, else the first column (a first row that is a number is data); an optional `reason` column (else the body's `reason`). 404 `source_not_found` for a key outside the organization or absent; 422 `invalid_csv` for a file that is not CSV (the rows before are listed).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The `file_key` of a presigned upload. */
                        file_key: string;
                        /** @description Why the number must not be called. */
                        reason?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Numbers put on the list. */
                            added: number;
                            /** @description Numbers already on it (or twice in the file). */
                            already_listed: number;
                            /** @description Rows without a valid number. */
                            invalid: number;
                            /** @description The first 100 invalid rows (row 1 is the first line of the file). */
                            invalid_rows: {
                                error: string;
                                number: string;
                                row: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's retention settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recordings_days: number | null;
                            transcripts_days: number | null;
                            uploads_days: number | null;
                        };
                    };
                };
            };
        };
        /** Change retention settings (given fields only); the retention sweep applies them */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        recordings_days?: number | null;
                        transcripts_days?: number | null;
                        uploads_days?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recordings_days: number | null;
                            transcripts_days: number | null;
                            uploads_days: number | null;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/telephony-configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List telephony configurations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            configurations: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                                credentials: {
                                    [key: string]: unknown;
                                };
                                id: number;
                                /** @description Dograh's: true when this server cannot carry the configuration's calls (a simulator one while SIMULATOR_ENABLED is false). */
                                inactive: boolean;
                                inactive_reason: string | null;
                                is_default_outbound: boolean;
                                /** @description Dograh's: it can place outbound calls: active and, for Twilio, Telnyx, Vonage and Plivo, with a caller number (an active number or a default caller id). */
                                is_ready_for_outbound: boolean;
                                name: string;
                                /** @description Why not, in words; null when ready. */
                                outbound_blocked_reason: string | null;
                                /** @description Dograh's: the configuration's active phone numbers. */
                                phone_number_count: number;
                                provider: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a telephony configuration
         * @description Name unique within the organization (409 telephony_configuration_name_taken). `is_default_outbound: true` makes it the organization default and clears the previous one.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The provider name plus its credential fields (see GET /organizations/telephony-providers/metadata). Sensitive values are returned masked; sending the mask back keeps the stored secret. `from_numbers` is ignored: numbers are managed under /phone-numbers. */
                        config: {
                            /** @description Required on create; cannot change. */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        is_default_outbound?: boolean;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            credentials: {
                                [key: string]: unknown;
                            };
                            id: number;
                            /** @description Dograh's: true when this server cannot carry the configuration's calls (a simulator one while SIMULATOR_ENABLED is false). */
                            inactive: boolean;
                            inactive_reason: string | null;
                            is_default_outbound: boolean;
                            /** @description Dograh's: it can place outbound calls: active and, for Twilio, Telnyx, Vonage and Plivo, with a caller number (an active number or a default caller id). */
                            is_ready_for_outbound: boolean;
                            name: string;
                            /** @description Why not, in words; null when ready. */
                            outbound_blocked_reason: string | null;
                            /** @description Dograh's: the configuration's active phone numbers. */
                            phone_number_count: number;
                            provider: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/telephony-configs/{config_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a telephony configuration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            credentials: {
                                [key: string]: unknown;
                            };
                            id: number;
                            /** @description Dograh's: true when this server cannot carry the configuration's calls (a simulator one while SIMULATOR_ENABLED is false). */
                            inactive: boolean;
                            inactive_reason: string | null;
                            is_default_outbound: boolean;
                            /** @description Dograh's: it can place outbound calls: active and, for Twilio, Telnyx, Vonage and Plivo, with a caller number (an active number or a default caller id). */
                            is_ready_for_outbound: boolean;
                            name: string;
                            /** @description Why not, in words; null when ready. */
                            outbound_blocked_reason: string | null;
                            /** @description Dograh's: the configuration's active phone numbers. */
                            phone_number_count: number;
                            provider: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        /**
         * Update a telephony configuration
         * @description Partial: only the sent fields change; `config` (or `credentials`) fields are merged into the stored ones and `null` removes an optional field. A masked value equal to the stored mask keeps the secret, so a GET result sent back unchanged changes nothing (not even updated_at). The provider cannot change (422).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The provider name plus its credential fields (see GET /organizations/telephony-providers/metadata). Sensitive values are returned masked; sending the mask back keeps the stored secret. `from_numbers` is ignored: numbers are managed under /phone-numbers. */
                        config?: {
                            /** @description Required on create; cannot change. */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Same as `config`, so a GET result can be sent back as it is. */
                        credentials?: {
                            [key: string]: unknown;
                        };
                        is_default_outbound?: boolean;
                        name?: string;
                        /** @description Accepted only when equal to the stored provider. */
                        provider?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            credentials: {
                                [key: string]: unknown;
                            };
                            id: number;
                            /** @description Dograh's: true when this server cannot carry the configuration's calls (a simulator one while SIMULATOR_ENABLED is false). */
                            inactive: boolean;
                            inactive_reason: string | null;
                            is_default_outbound: boolean;
                            /** @description Dograh's: it can place outbound calls: active and, for Twilio, Telnyx, Vonage and Plivo, with a caller number (an active number or a default caller id). */
                            is_ready_for_outbound: boolean;
                            name: string;
                            /** @description Why not, in words; null when ready. */
                            outbound_blocked_reason: string | null;
                            /** @description Dograh's: the configuration's active phone numbers. */
                            phone_number_count: number;
                            provider: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a telephony configuration and its phone numbers
         * @description 409 telephony_configuration_in_use while a campaign that is not completed or failed uses it. Answers the deleted configuration.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            credentials: {
                                [key: string]: unknown;
                            };
                            id: number;
                            /** @description Dograh's: true when this server cannot carry the configuration's calls (a simulator one while SIMULATOR_ENABLED is false). */
                            inactive: boolean;
                            inactive_reason: string | null;
                            is_default_outbound: boolean;
                            /** @description Dograh's: it can place outbound calls: active and, for Twilio, Telnyx, Vonage and Plivo, with a caller number (an active number or a default caller id). */
                            is_ready_for_outbound: boolean;
                            name: string;
                            /** @description Why not, in words; null when ready. */
                            outbound_blocked_reason: string | null;
                            /** @description Dograh's: the configuration's active phone numbers. */
                            phone_number_count: number;
                            provider: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/telephony-configs/{config_id}/phone-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the phone numbers of a configuration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            phone_numbers: {
                                address: string;
                                address_normalized: string;
                                address_type: "pstn" | "sip";
                                country_code: string | null;
                                /** Format: date-time */
                                created_at: string;
                                extra_metadata: {
                                    [key: string]: unknown;
                                };
                                id: number;
                                inbound_workflow_id: number | null;
                                inbound_workflow_name: string | null;
                                is_active: boolean;
                                is_default_caller_id: boolean;
                                label: string | null;
                                /** @description Result of re-syncing the provider's inbound webhook; null when the binding did not change. */
                                provider_sync: {
                                    message: string;
                                    ok: boolean;
                                } | null;
                                telephony_configuration_id: number;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a phone number to a configuration
         * @description `address` is a phone number (normalised to E.164 with `country_code` or the default region) or a `sip:` URI. The same address twice in one organization is 409 phone_number_already_exists. `inbound_workflow_id` binds inbound calls to an active agent and syncs the provider (`provider_sync`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A phone number (normalised to E.164) or a SIP URI starting with `sip:`. */
                        address: string;
                        /** @description ISO 3166-1 alpha-2 region used to read a national number. */
                        country_code?: string | null;
                        extra_metadata?: {
                            [key: string]: unknown;
                        };
                        inbound_workflow_id?: number | null;
                        is_active?: boolean;
                        is_default_caller_id?: boolean;
                        label?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address: string;
                            address_normalized: string;
                            address_type: "pstn" | "sip";
                            country_code: string | null;
                            /** Format: date-time */
                            created_at: string;
                            extra_metadata: {
                                [key: string]: unknown;
                            };
                            id: number;
                            inbound_workflow_id: number | null;
                            inbound_workflow_name: string | null;
                            is_active: boolean;
                            is_default_caller_id: boolean;
                            label: string | null;
                            /** @description Result of re-syncing the provider's inbound webhook; null when the binding did not change. */
                            provider_sync: {
                                message: string;
                                ok: boolean;
                            } | null;
                            telephony_configuration_id: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/telephony-configs/{config_id}/phone-numbers/{phone_number_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a phone number */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                    phone_number_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address: string;
                            address_normalized: string;
                            address_type: "pstn" | "sip";
                            country_code: string | null;
                            /** Format: date-time */
                            created_at: string;
                            extra_metadata: {
                                [key: string]: unknown;
                            };
                            id: number;
                            inbound_workflow_id: number | null;
                            inbound_workflow_name: string | null;
                            is_active: boolean;
                            is_default_caller_id: boolean;
                            label: string | null;
                            /** @description Result of re-syncing the provider's inbound webhook; null when the binding did not change. */
                            provider_sync: {
                                message: string;
                                ok: boolean;
                            } | null;
                            telephony_configuration_id: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        /**
         * Update a phone number
         * @description Partial: label, inbound binding, is_active, extra_metadata. `address` cannot change (422). `clear_inbound_workflow: true` unbinds; `inbound_workflow_id: null` alone changes nothing. A change of binding re-syncs the inbound webhook with the provider; the result is in `provider_sync`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                    phone_number_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Immutable: accepted only when equal to the stored one. */
                        address?: string;
                        /** @description true removes the inbound binding. */
                        clear_inbound_workflow?: boolean;
                        extra_metadata?: {
                            [key: string]: unknown;
                        };
                        /** @description Binds inbound calls to this agent; null alone changes nothing. */
                        inbound_workflow_id?: number | null;
                        is_active?: boolean;
                        label?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address: string;
                            address_normalized: string;
                            address_type: "pstn" | "sip";
                            country_code: string | null;
                            /** Format: date-time */
                            created_at: string;
                            extra_metadata: {
                                [key: string]: unknown;
                            };
                            id: number;
                            inbound_workflow_id: number | null;
                            inbound_workflow_name: string | null;
                            is_active: boolean;
                            is_default_caller_id: boolean;
                            label: string | null;
                            /** @description Result of re-syncing the provider's inbound webhook; null when the binding did not change. */
                            provider_sync: {
                                message: string;
                                ok: boolean;
                            } | null;
                            telephony_configuration_id: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a phone number
         * @description Answers the deleted number; a bound number is unbound at the provider first (`provider_sync`).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                    phone_number_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address: string;
                            address_normalized: string;
                            address_type: "pstn" | "sip";
                            country_code: string | null;
                            /** Format: date-time */
                            created_at: string;
                            extra_metadata: {
                                [key: string]: unknown;
                            };
                            id: number;
                            inbound_workflow_id: number | null;
                            inbound_workflow_name: string | null;
                            is_active: boolean;
                            is_default_caller_id: boolean;
                            label: string | null;
                            /** @description Result of re-syncing the provider's inbound webhook; null when the binding did not change. */
                            provider_sync: {
                                message: string;
                                ok: boolean;
                            } | null;
                            telephony_configuration_id: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/telephony-configs/{config_id}/phone-numbers/{phone_number_id}/set-default-caller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a phone number the default caller id of its configuration
         * @description Clears the previous default: at most one number per configuration is the default caller.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                    phone_number_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address: string;
                            address_normalized: string;
                            address_type: "pstn" | "sip";
                            country_code: string | null;
                            /** Format: date-time */
                            created_at: string;
                            extra_metadata: {
                                [key: string]: unknown;
                            };
                            id: number;
                            inbound_workflow_id: number | null;
                            inbound_workflow_name: string | null;
                            is_active: boolean;
                            is_default_caller_id: boolean;
                            label: string | null;
                            /** @description Result of re-syncing the provider's inbound webhook; null when the binding did not change. */
                            provider_sync: {
                                message: string;
                                ok: boolean;
                            } | null;
                            telephony_configuration_id: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/telephony-configs/{config_id}/set-default-outbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a configuration the organization's default for outbound calls
         * @description Dograh's route: the same as `PUT` with `{is_default_outbound: true}`. One-off calls without `telephony_configuration_id` and campaigns created later without one use it; the previous default is cleared. Idempotent. Answers the configuration.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    config_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            credentials: {
                                [key: string]: unknown;
                            };
                            id: number;
                            /** @description Dograh's: true when this server cannot carry the configuration's calls (a simulator one while SIMULATOR_ENABLED is false). */
                            inactive: boolean;
                            inactive_reason: string | null;
                            is_default_outbound: boolean;
                            /** @description Dograh's: it can place outbound calls: active and, for Twilio, Telnyx, Vonage and Plivo, with a caller number (an active number or a default caller id). */
                            is_ready_for_outbound: boolean;
                            name: string;
                            /** @description Why not, in words; null when ready. */
                            outbound_blocked_reason: string | null;
                            /** @description Dograh's: the configuration's active phone numbers. */
                            phone_number_count: number;
                            provider: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/telephony-providers/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the supported telephony providers and their configuration fields
         * @description Sensitive fields are encrypted at rest and returned masked by the configuration endpoints.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            providers: {
                                display_name: string;
                                fields: {
                                    default?: number | boolean;
                                    description?: string;
                                    exclusiveMinimum?: number;
                                    label: string;
                                    maximum?: number;
                                    minimum?: number;
                                    name: string;
                                    required: boolean;
                                    sensitive: boolean;
                                    type: "string" | "url" | "number" | "boolean" | "object";
                                }[];
                                provider: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/usage/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the runs of the organization (newest first) with totals over the filtered set
         * @description Shared for up to a second between requests for the same page and filters (docs/api.md, "Shared reads"). Send `Cache-Control: no-cache` for a page read afresh.
         */
        get: {
            parameters: {
                query: {
                    /** @description ISO 8601 date-time; inclusive upper bound. A bare date (YYYY-MM-DD) includes that whole day. */
                    end_date?: string;
                    /** @description JSON array of {attribute, type, value | codes | min | max}: runId, workflowId, campaignId (number), callerNumber, calledNumber (text, substring), dispositionCode (multiSelect, codes), duration (numberRange). */
                    filters?: string;
                    limit: number;
                    page: number;
                    /** @description ISO 8601 date-time (UTC unless an offset is given); inclusive lower bound. */
                    start_date?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            page: number;
                            runs: {
                                bot_recording_public_url: string | null;
                                bot_recording_url: string | null;
                                call_duration_seconds: number | null;
                                call_type: string;
                                called_number: string | null;
                                caller_number: string | null;
                                charge_usd: number;
                                /** Format: date-time */
                                created_at: string;
                                disposition: string | null;
                                /** @description Dograh's name for service_token_usage: the same value. */
                                dograh_token_usage: number;
                                gathered_context: {
                                    [key: string]: unknown;
                                };
                                id: number;
                                initial_context: {
                                    [key: string]: unknown;
                                };
                                mode: string;
                                name: string;
                                phone_number: string | null;
                                public_access_token: string | null;
                                recording_public_url: string | null;
                                recording_url: string | null;
                                service_token_usage: number;
                                transcript_public_url: string | null;
                                transcript_url: string | null;
                                user_recording_public_url: string | null;
                                user_recording_url: string | null;
                                workflow_id: number;
                                workflow_name: string;
                            }[];
                            total_count: number;
                            /** @description Dograh's name for total_service_tokens: the same value. */
                            total_dograh_tokens: number;
                            total_duration_seconds: number;
                            total_pages: number;
                            total_service_tokens: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/voice-configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List voice configurations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            configurations: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                                embeddings: {
                                    [key: string]: unknown;
                                } | null;
                                id: number;
                                /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                                llm: {
                                    [key: string]: unknown;
                                } | null;
                                name: string;
                                /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                                stt: {
                                    [key: string]: unknown;
                                } | null;
                                /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                                tts: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a voice configuration
         * @description Name unique within the organization (409 voice_configuration_name_taken). Sections `stt`, `tts`, `llm`, `embeddings` are each `{provider, …fields}`; absent: no speech-to-text, the local voice, the operator’s LLM, knowledge-base search by text alone.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Embeddings endpoint for knowledge-base vector search; absent or null: full-text search alone. The organization's most recently updated configuration with this section embeds its documents. */
                        embeddings?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        /** @description LLM vendor and its fields; absent or null: the operator's LLM settings. Besides the vendor's fields, `fallbacks`: up to 3 `{model, base_url?, api_key?}` asked in order when the model before stalls (`first_token_timeout_ms`, default 1500) or fails before its first token; `null` or `[]` removes them. */
                        llm?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        name: string;
                        /** @description Speech-to-text vendor and its fields; absent or null: none (simulator calls read the text). */
                        stt?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        /** @description Text-to-speech vendor and its fields; absent or null: `{"provider":"local"}` (flite). */
                        tts?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            embeddings: {
                                [key: string]: unknown;
                            } | null;
                            id: number;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            llm: {
                                [key: string]: unknown;
                            } | null;
                            name: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            stt: {
                                [key: string]: unknown;
                            } | null;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            tts: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/voice-configs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a voice configuration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            embeddings: {
                                [key: string]: unknown;
                            } | null;
                            id: number;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            llm: {
                                [key: string]: unknown;
                            } | null;
                            name: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            stt: {
                                [key: string]: unknown;
                            } | null;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            tts: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        /**
         * Update a voice configuration
         * @description Partial: only the sent sections change. A section with the stored vendor (or no `provider`) is merged: sent fields replace stored ones, `null` removes an optional field, the stored mask keeps a secret. Another vendor replaces the section; a section sent as `null` is removed (tts: back to the local voice).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Embeddings endpoint for knowledge-base vector search; absent or null: full-text search alone. The organization's most recently updated configuration with this section embeds its documents. */
                        embeddings?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        /** @description LLM vendor and its fields; absent or null: the operator's LLM settings. Besides the vendor's fields, `fallbacks`: up to 3 `{model, base_url?, api_key?}` asked in order when the model before stalls (`first_token_timeout_ms`, default 1500) or fails before its first token; `null` or `[]` removes them. */
                        llm?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        name?: string;
                        /** @description Speech-to-text vendor and its fields; absent or null: none (simulator calls read the text). */
                        stt?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        /** @description Text-to-speech vendor and its fields; absent or null: `{"provider":"local"}` (flite). */
                        tts?: ({
                            /** @description The vendor (see GET …/voice-configs/metadata). */
                            provider?: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            embeddings: {
                                [key: string]: unknown;
                            } | null;
                            id: number;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            llm: {
                                [key: string]: unknown;
                            } | null;
                            name: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            stt: {
                                [key: string]: unknown;
                            } | null;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            tts: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a voice configuration
         * @description 409 voice_configuration_in_use, naming the agents, while an active agent names it. Answers the deleted configuration.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            embeddings: {
                                [key: string]: unknown;
                            } | null;
                            id: number;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            llm: {
                                [key: string]: unknown;
                            } | null;
                            name: string;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            stt: {
                                [key: string]: unknown;
                            } | null;
                            /** @description `provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`). */
                            tts: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/voice-configs/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the voice vendors of each section and their fields */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            embeddings: {
                                description: string;
                                display_name: string;
                                fields: {
                                    choices?: string[];
                                    default?: number | boolean;
                                    description?: string;
                                    label: string;
                                    maximum?: number;
                                    maxLength?: number;
                                    minimum?: number;
                                    name: string;
                                    required: boolean;
                                    schemes?: string[];
                                    sensitive: boolean;
                                    type: string;
                                }[];
                                provider: string;
                            }[];
                            llm: {
                                description: string;
                                display_name: string;
                                fields: {
                                    choices?: string[];
                                    default?: number | boolean;
                                    description?: string;
                                    label: string;
                                    maximum?: number;
                                    maxLength?: number;
                                    minimum?: number;
                                    name: string;
                                    required: boolean;
                                    schemes?: string[];
                                    sensitive: boolean;
                                    type: string;
                                }[];
                                provider: string;
                            }[];
                            stt: {
                                description: string;
                                display_name: string;
                                fields: {
                                    choices?: string[];
                                    default?: number | boolean;
                                    description?: string;
                                    label: string;
                                    maximum?: number;
                                    maxLength?: number;
                                    minimum?: number;
                                    name: string;
                                    required: boolean;
                                    schemes?: string[];
                                    sensitive: boolean;
                                    type: string;
                                }[];
                                provider: string;
                            }[];
                            tts: {
                                description: string;
                                display_name: string;
                                fields: {
                                    choices?: string[];
                                    default?: number | boolean;
                                    description?: string;
                                    label: string;
                                    maximum?: number;
                                    maxLength?: number;
                                    minimum?: number;
                                    name: string;
                                    required: boolean;
                                    schemes?: string[];
                                    sensitive: boolean;
                                    type: string;
                                }[];
                                provider: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            endpoints: {
                                active: boolean;
                                /** Format: date-time */
                                created_at: string;
                                description: string | null;
                                /** Format: date-time */
                                disabled_at: string | null;
                                disabled_reason: string | null;
                                events: string[];
                                /** Format: date-time */
                                failing_since: string | null;
                                id: number;
                                /** Format: date-time */
                                previous_secret_expires_at: string | null;
                                /** Format: date-time */
                                updated_at: string;
                                url: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Answers the signing `secret`, the only time it is shown. `events`: types of the catalogue or `["*"]`. At most 20 endpoints per organization (409 webhook_endpoint_limit_reached). A URL leading to a loopback, link-local or private address: 422 destination_not_allowed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default true */
                        active?: boolean;
                        description?: string | null;
                        /** @description Event types to receive (run.completed, run.updated, call.failed, call.answered, call.received, campaign.started, campaign.paused, campaign.resumed, campaign.completed, campaign.failed, campaign.circuit_breaker_tripped, do_not_call.added), or "*" for every type, including types added later. */
                        events: string[];
                        /** @description Where events are POSTed: https (http only to a destination the operator allows in ALLOWED_PRIVATE_DESTINATIONS). Loopback, link-local and private addresses are refused (422 destination_not_allowed) unless allowed. */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            /** Format: date-time */
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            events: string[];
                            /** Format: date-time */
                            failing_since: string | null;
                            id: number;
                            /** Format: date-time */
                            previous_secret_expires_at: string | null;
                            /** @description `whsec_` + base64 of 32 random bytes; shown only in this answer. */
                            secret: string;
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            /** Format: date-time */
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            events: string[];
                            /** Format: date-time */
                            failing_since: string | null;
                            id: number;
                            /** Format: date-time */
                            previous_secret_expires_at: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        /**
         * Update a webhook endpoint
         * @description Partial: only the sent fields change. `active: true` on an inactive or disabled endpoint re-activates it (clears `disabled_at` and `failing_since`); its pending deliveries then go out.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        active?: boolean;
                        description?: string | null;
                        /** @description Event types to receive (run.completed, run.updated, call.failed, call.answered, call.received, campaign.started, campaign.paused, campaign.resumed, campaign.completed, campaign.failed, campaign.circuit_breaker_tripped, do_not_call.added), or "*" for every type, including types added later. */
                        events?: string[];
                        /** @description Where events are POSTed: https (http only to a destination the operator allows in ALLOWED_PRIVATE_DESTINATIONS). Loopback, link-local and private addresses are refused (422 destination_not_allowed) unless allowed. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            /** Format: date-time */
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            events: string[];
                            /** Format: date-time */
                            failing_since: string | null;
                            id: number;
                            /** Format: date-time */
                            previous_secret_expires_at: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its pending deliveries and delivery log go with it.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the endpoint's deliveries, newest first, each with its attempts */
        get: {
            parameters: {
                query: {
                    limit: number;
                    page: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: {
                                attempt_count: number;
                                attempts: {
                                    /** Format: date-time */
                                    attempted_at: string;
                                    error: string | null;
                                    id: number;
                                    latency_ms: number;
                                    /** @description null: no answer (refused, timed out, connection lost). */
                                    status_code: number | null;
                                }[];
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                delivered_at: string | null;
                                /** Format: date-time */
                                event_created_at: string;
                                event_id: string;
                                event_type: string;
                                id: number;
                                last_error: string | null;
                                last_status_code: number | null;
                                /** Format: date-time */
                                next_attempt_at: string | null;
                                /** @description `campaign:<id>`: delivered in order with that campaign’s events. */
                                order_key: string | null;
                                /** @description The endpoint's sequence number; assigned at the first send. */
                                sequence: number | null;
                                /** @enum {string} */
                                state: "pending" | "delivered" | "failed";
                            }[];
                            limit: number;
                            page: number;
                            total: number;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one delivery again (with its sequence, a fresh retry window) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    delivery_id: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            redelivered: number;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/webhooks/{id}/deliveries/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send again every delivery of events recorded since a time */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Every delivery of an event recorded at or after this time is sent again.
                         */
                        since: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            redelivered: number;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description Answers the new `secret`, the only time it is shown. For 24 hours requests carry signatures under both the new and the previous secret (`previous_secret_expires_at`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            /** Format: date-time */
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            events: string[];
                            /** Format: date-time */
                            failing_since: string | null;
                            id: number;
                            /** Format: date-time */
                            previous_secret_expires_at: string | null;
                            /** @description `whsec_` + base64 of 32 random bytes; shown only in this answer. */
                            secret: string;
                            /** Format: date-time */
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a `webhook.test` event to the endpoint, signed and delivered like any other
         * @description At most 10 per endpoint and 30 per organization in a sliding minute; past that 429 `too_many_attempts` with `Retry-After`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            delivery_id: number;
                            event_id: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/download/workflow/{token}/{artifact}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a run's artifact through its public link (no credentials; the token expires)
         * @description The file itself (transcript: JSON). 404 `artifact_not_found` for an invalid or expired token.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    artifact: "recording" | "transcript" | "user_recording" | "bot_recording";
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: database and Temporal reachable, not shutting down
         * @description 503 while a dependency is unavailable, and from the moment the process begins shutting down.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dependencies?: {
                                /** @description `ok`, or why the dependency is unavailable. */
                                database: string;
                                /** @description `ok`, or why the dependency is unavailable. */
                                temporal: string;
                            };
                            status: "ready" | "not_ready" | "shutting_down";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dependencies?: {
                                /** @description `ok`, or why the dependency is unavailable. */
                                database: string;
                                /** @description `ok`, or why the dependency is unavailable. */
                                temporal: string;
                            };
                            status: "ready" | "not_ready" | "shutting_down";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/s3/presigned-upload-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a URL to upload a contacts CSV to
         * @description PUT the file to `upload_url` with `Content-Type: text/csv` before it expires, then use `file_key` as the campaign's `source_id`. Files over the configured limit are refused with 413.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Name of the CSV file; must end in .csv. */
                        file_name: string;
                        /** @description Size of the file in bytes. */
                        file_size: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Seconds until the URL expires. */
                            expires_in: number;
                            /** @description The campaign's `source_id`. */
                            file_key: string;
                            /** @description The same as `file_key`. */
                            s3_key: string;
                            /** @description PUT the CSV bytes here with `Content-Type: text/csv`. */
                            upload_url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/amd/{provider}/{attemptId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answering-machine verdict of a placed call (called by the provider) */
        post: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path: {
                    attemptId: number;
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            received: boolean;
                            recorded: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/answer/{provider}/{attemptId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Instructions for an answered outbound call (called by the provider) */
        post: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path: {
                    attemptId: number;
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/inbound/{provider}/{configurationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inbound call to one of our numbers (called by the provider) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configurationId: number;
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/initiate-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place one outbound call with an agent, without a campaign
         * @description Answers 201 with the run at once, plus Dograh's `message` (`Call initiated`); the call is placed by the engine (at most once, durable across worker restarts, within the organization's call limits) and the run gets its outcome when the call ends. Without `telephony_configuration_id` the organization's default outbound configuration is used; none is 400 `telephony_configuration_not_found`. An archived agent is 409 `workflow_archived`; a number on the organization's do-not-call list is 409 `do_not_call` (nothing is created); 503 `engine_unavailable` when the engine cannot be reached (nothing is dialed). Outside legal calling hours in the number's zones: 409 `outside_legal_hours`; over a frequency cap (or the number in another call): 409 `frequency_cap_exceeded`; both with `next_allowed_at`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A phone number of that configuration as caller id; its default caller (else first active number) when absent. */
                        from_phone_number_id?: number | null;
                        /** @description Values of the agent's {{template variables}}, kept on the run beside caller_number, called_number and telephony_configuration_id (which win over keys of the same name). */
                        initial_context?: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description The number to call: E.164, or national in DEFAULT_PHONE_REGION.
                         * @example +12125550123
                         */
                        phone_number: string;
                        /** @description The configuration to call through; the organization's default outbound one when absent. */
                        telephony_configuration_id?: number | null;
                        /** @description The agent that talks on the call. */
                        workflow_id: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            call_type: "outbound";
                            /** Format: date-time */
                            created_at: string;
                            /** @description The run of the call. */
                            id: number;
                            initial_context: {
                                [key: string]: unknown;
                            };
                            /**
                             * @description Dograh's short human message about the call, e.g. `Call initiated`.
                             * @example Call initiated
                             */
                            message: string;
                            /** @description The provider name. */
                            mode: string;
                            /** @description one-off-call-{attempt id}, also the id of its Temporal workflow. */
                            name: string;
                            workflow_id: number;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                            /**
                             * Format: date-time
                             * @description When the call would be allowed (legal hours, frequency caps); null: never
                             */
                            next_allowed_at?: string | null;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/status/{provider}/{attemptId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Status callback of a placed call (called by the provider) */
        post: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path: {
                    attemptId: number;
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            received: boolean;
                            recorded: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/transfer/{provider}/{configurationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Instructions that move a live call to a person (called by the provider) */
        post: {
            parameters: {
                query: {
                    caller_id?: string;
                    to: string;
                };
                header?: never;
                path: {
                    configurationId: number;
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tools
         * @description By name. Without `status`, every tool but the archived ones; `status` takes one status or several, comma-separated. An unknown status or category is 422.
         */
        get: {
            parameters: {
                query?: {
                    /** @description http_api, end_call, transfer_call, calculator, mcp */
                    category?: string;
                    /** @description `active`, `archived`, `draft`, or several comma-separated. */
                    status?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: string;
                            /** Format: date-time */
                            created_at: string;
                            created_by: {
                                id: number;
                                provider_id: string;
                            } | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            icon: string | null;
                            icon_color: string | null;
                            id: number;
                            name: string;
                            status: string;
                            /** Format: uuid */
                            tool_uuid: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a tool
         * @description `category` defaults to `definition.type` and must equal it. The definition is checked field by field (422 naming each problem); a `credential_uuid` that is not a live credential of the organization is 400 credential_not_found; a URL that leads to a private address is 422 destination_not_allowed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Dograh's categories but `native` and `integration` (placeholders in Dograh).
                         * @enum {string}
                         */
                        category?: "http_api" | "end_call" | "transfer_call" | "calculator" | "mcp";
                        /** @description Dograh's typed definition. Every field of `config` is checked against its type's schema; a field Dograh does not have, or one nothing here acts on (recorded audio), is 422 `extra_forbidden`. */
                        definition: {
                            /** @description The configuration of `type` (docs/api.md). */
                            config?: {
                                [key: string]: unknown;
                            };
                            /** @description 1 (the only version). */
                            schema_version?: number;
                            /**
                             * @description Dograh's categories but `native` and `integration` (placeholders in Dograh).
                             * @enum {string}
                             */
                            type: "http_api" | "end_call" | "transfer_call" | "calculator" | "mcp";
                        } & {
                            [key: string]: unknown;
                        };
                        description?: string | null;
                        icon?: string | null;
                        /** @description A hex color, `#3B82F6`. */
                        icon_color?: string | null;
                        /** @description Also the LLM function name (lower case, other characters `_`). */
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: string;
                            /** Format: date-time */
                            created_at: string;
                            created_by: {
                                id: number;
                                provider_id: string;
                            } | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            icon: string | null;
                            icon_color: string | null;
                            id: number;
                            name: string;
                            status: string;
                            /** Format: uuid */
                            tool_uuid: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/{tool_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tool
         * @description Archived tools too.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tool_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: string;
                            /** Format: date-time */
                            created_at: string;
                            created_by: {
                                id: number;
                                provider_id: string;
                            } | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            icon: string | null;
                            icon_color: string | null;
                            id: number;
                            name: string;
                            status: string;
                            /** Format: uuid */
                            tool_uuid: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        /**
         * Update a tool
         * @description Partial: absent or `null` keeps a field. A `definition` replaces the stored one whole and must be of the tool's category. `status` (`active`, `draft`, `archived`) moves the tool.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tool_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Dograh's typed definition. Every field of `config` is checked against its type's schema; a field Dograh does not have, or one nothing here acts on (recorded audio), is 422 `extra_forbidden`. */
                        definition?: ({
                            /** @description The configuration of `type` (docs/api.md). */
                            config?: {
                                [key: string]: unknown;
                            };
                            /** @description 1 (the only version). */
                            schema_version?: number;
                            /**
                             * @description Dograh's categories but `native` and `integration` (placeholders in Dograh).
                             * @enum {string}
                             */
                            type: "http_api" | "end_call" | "transfer_call" | "calculator" | "mcp";
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        description?: string | null;
                        icon?: string | null;
                        /** @description A hex color, `#3B82F6`. */
                        icon_color?: string | null;
                        name?: string | null;
                        status?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: string;
                            /** Format: date-time */
                            created_at: string;
                            created_by: {
                                id: number;
                                provider_id: string;
                            } | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            icon: string | null;
                            icon_color: string | null;
                            id: number;
                            name: string;
                            status: string;
                            /** Format: uuid */
                            tool_uuid: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Archive a tool
         * @description Soft: the tool leaves the default list and keeps its uuid; an archived tool is 404 here.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tool_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "archived";
                            /** Format: uuid */
                            tool_uuid: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/{tool_uuid}/mcp/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh an MCP tool's catalogue
         * @description Lists the MCP server's tools again (streamable HTTP) and stores them in `definition.config.discovered_tools`. A server that cannot be listed is a 200 with `error`, the stored list kept. 400 not_mcp_tool for another category.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tool_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            discovered_tools: {
                                description: string | null;
                                name: string;
                            }[];
                            error: string | null;
                            /** Format: uuid */
                            tool_uuid: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/{tool_uuid}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test an HTTP API tool
         * @description Sends the request once with `llm_params` and `preset_params` and answers what was sent (credential values masked) and what came back. A failure of the request is a 200 with `status: "error"`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tool_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Values the LLM would give. */
                        llm_params?: {
                            [key: string]: unknown;
                        };
                        /** @description Preset parameter values as they are (their templates are not filled in a test). */
                        preset_params?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The answer: its JSON, or its text (cut at 8 KiB). */
                            data: unknown;
                            duration_ms: number;
                            error: string | null;
                            hint: string | null;
                            /** @description The JSON body (POST, PUT, PATCH); null otherwise. */
                            request_body: unknown;
                            /** @description As sent, the credential's values masked. */
                            request_headers: {
                                [key: string]: string;
                            };
                            request_method: string;
                            request_params: {
                                [key: string]: string;
                            } | null;
                            request_url: string;
                            status: "success" | "error";
                            status_code: number | null;
                            /** @description Ours: the answer was longer than 8 KiB and `data` is its start. */
                            truncated: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/{tool_uuid}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive a tool
         * @description Back to `active`. 404 unless archived; 400 credential_not_found when its credential is gone.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tool_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: string;
                            /** Format: date-time */
                            created_at: string;
                            created_by: {
                                id: number;
                                provider_id: string;
                            } | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            icon: string | null;
                            icon_color: string | null;
                            id: number;
                            name: string;
                            status: string;
                            /** Format: uuid */
                            tool_uuid: string;
                            /** Format: date-time */
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the caller's own user (and the organizations they alone belong to) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted_organization_ids: number[];
                            id: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's API keys */
        get: {
            parameters: {
                query: {
                    /** @description Also list archived (revoked) keys. */
                    include_archived: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            archived_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            is_active: boolean;
                            /** @description The first 8 characters of the key, to recognise it. */
                            key_prefix: string;
                            /** Format: date-time */
                            last_used_at: string | null;
                            name: string;
                            scopes: ("read" | "write")[];
                        }[];
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create an API key; the full key is in this answer only */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @description `read` allows GET requests, `write` all others; neither implies the other. Default both. */
                        scopes?: ("read" | "write")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The full key. Shown this once only; store it now. */
                            api_key: string;
                            /** Format: date-time */
                            archived_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            is_active: boolean;
                            /** @description The first 8 characters of the key, to recognise it. */
                            key_prefix: string;
                            /** Format: date-time */
                            last_used_at: string | null;
                            name: string;
                            scopes: ("read" | "write")[];
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/api-keys/{api_key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Archive (revoke) an API key; the next request with it gets 401 */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    api_key_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            archived_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            is_active: boolean;
                            /** @description The first 8 characters of the key, to recognise it. */
                            key_prefix: string;
                            /** Format: date-time */
                            last_used_at: string | null;
                            name: string;
                            scopes: ("read" | "write")[];
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/api-keys/{api_key_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Reactivate an archived API key */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    api_key_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            archived_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            is_active: boolean;
                            /** @description The first 8 characters of the key, to recognise it. */
                            key_prefix: string;
                            /** Format: date-time */
                            last_used_at: string | null;
                            name: string;
                            scopes: ("read" | "write")[];
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow-recordings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recordings
         * @description The organization's recordings (deleted ones left out), newest first, with Dograh's filters.
         */
        get: {
            parameters: {
                query?: {
                    tts_model?: string;
                    tts_provider?: string;
                    tts_voice_id?: string;
                    /** @description Filter by agent id. */
                    workflow_id?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recordings: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description The user who created it; 0 when none did (an API key without a user). */
                                created_by: number;
                                id: number;
                                is_active: boolean;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                organization_id: number;
                                recording_id: string;
                                storage_backend: string;
                                storage_key: string;
                                transcript: string;
                                tts_model: string | null;
                                tts_provider: string | null;
                                tts_voice_id: string | null;
                                workflow_id: number | null;
                            }[];
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create recording records after upload
         * @description Each upload is decoded (WAV, MP3 or OGG, at most 120 s) and converted once to 8 kHz μ-law and 16 kHz 16-bit PCM. A file of another format is 422 `unsupported_audio_format`, one that cannot be decoded 422 `invalid_audio`, a long one 422 `audio_too_long`; a `storage_key` that is not the organization's upload for `recording_id` 400 `recording_upload_not_found`; a taken `recording_id` 409. One failure refuses the batch.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        recordings: {
                            metadata?: {
                                [key: string]: unknown;
                            } | null;
                            recording_id: string;
                            storage_key: string;
                            transcript: string;
                            tts_model?: string | null;
                            tts_provider?: string | null;
                            tts_voice_id?: string | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recordings: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description The user who created it; 0 when none did (an API key without a user). */
                                created_by: number;
                                id: number;
                                is_active: boolean;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                organization_id: number;
                                recording_id: string;
                                storage_backend: string;
                                storage_key: string;
                                transcript: string;
                                tts_model: string | null;
                                tts_provider: string | null;
                                tts_voice_id: string | null;
                                workflow_id: number | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow-recordings/{recording_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a recording
         * @description Soft delete: the recording is no longer listed nor played (a node naming it speaks its text `greeting`).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    recording_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            success: boolean;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow-recordings/upload-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get presigned URLs for recording uploads
         * @description One URL per file (WAV, MP3 or OGG, at most 5 MiB): PUT the bytes with the declared `mime_type` within 30 minutes, then create the records with `POST /workflow-recordings/`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        files: {
                            /** @description Bytes (max 5 MiB). */
                            file_size: number;
                            /** @description Ends in .wav, .mp3 or .ogg. */
                            filename: string;
                            /**
                             * @description audio/wav, audio/mpeg or audio/ogg (and their common aliases).
                             * @default audio/wav
                             */
                            mime_type: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                recording_id: string;
                                storage_key: string;
                                /** @description PUT the bytes here with the declared `mime_type`. */
                                upload_url: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update an agent; a changed definition becomes a new published version */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workflow_id: number;
                };
                cookie?: never;
            };
            /** @description Only the fields sent change; each replaces the stored value as a whole. A workflow_definition that differs from the current one becomes a new published version. */
            requestBody: {
                content: {
                    "application/json": {
                        call_disposition_codes?: {
                            /** @description The codes the agent may assign to a call, e.g. ["interested", "callback"]. */
                            disposition_codes: string[];
                        };
                        name?: string;
                        /** @description Default values of the template variables used in prompts; a call’s initial_context overrides them. */
                        template_context_variables?: {
                            [key: string]: unknown;
                        };
                        /** @description Known keys are validated; further keys are kept as sent. */
                        workflow_configurations?: {
                            /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                            context_compaction_enabled?: boolean;
                            /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                            disclosure_message?: string | null;
                            /** @description BCP-47 language of the call (default en-US). */
                            language?: string;
                            /** @description A call that runs longer is ended (default 1800). */
                            max_call_duration_seconds?: number;
                            /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                            max_tool_calls_per_turn?: number;
                            /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                            max_user_idle_timeout?: number;
                            /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                            model?: string | null;
                            /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                            opt_out_disposition?: string;
                            /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                            opt_out_dtmf_key?: string | null;
                            /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                            provisional_vad_pause_secs?: number;
                            /** @description Store the call recording (default true). */
                            recording_enabled?: boolean;
                            /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                            smart_turn_stop_secs?: number;
                            /** @description `min_words`: words that interrupt the agent (default 3). */
                            turn_start_min_words?: number;
                            /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                            turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                            /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                            turn_stop_strategy?: "transcription" | "turn_analyzer";
                            /** @description Turn taking (seconds of media time). */
                            vad_configuration?: {
                                /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                confidence?: number;
                                /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                engine?: "silero" | "webrtc";
                                /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                minimum_volume?: number;
                                /** @description Caller speech that interrupts the agent (default 0.3). */
                                start_seconds: number;
                                /** @description Caller silence that ends their turn (default 0.8). */
                                stop_seconds: number;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                            voice?: string | null;
                            /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                            voice_config_id?: number | null;
                            /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                            voicemail_message?: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first).
                         * @example {
                         *       "nodes": [
                         *         {
                         *           "id": "start",
                         *           "type": "startCall",
                         *           "position": {
                         *             "x": 0,
                         *             "y": 0
                         *           },
                         *           "data": {
                         *             "name": "Greeting",
                         *             "prompt": "Greet {{first_name}}."
                         *           }
                         *         },
                         *         {
                         *           "id": "end",
                         *           "type": "endCall",
                         *           "position": {
                         *             "x": 0,
                         *             "y": 200
                         *           },
                         *           "data": {
                         *             "name": "Goodbye",
                         *             "prompt": "Thank them and hang up."
                         *           }
                         *         }
                         *       ],
                         *       "edges": [
                         *         {
                         *           "id": "e1",
                         *           "source": "start",
                         *           "target": "end",
                         *           "data": {
                         *             "label": "done",
                         *             "condition": "The caller is done."
                         *           }
                         *         }
                         *       ]
                         *     }
                         */
                        workflow_definition?: Record<string, never>;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            call_disposition_codes: {
                                /** @description The codes the agent may assign to a call, e.g. ["interested", "callback"]. */
                                disposition_codes: string[];
                            };
                            call_type: "inbound" | "outbound";
                            /** Format: date-time */
                            created_at: string;
                            current_definition_id: number;
                            id: number;
                            name: string;
                            status: "active" | "archived";
                            /** @description Default values of the template variables used in prompts; a call’s initial_context overrides them. */
                            template_context_variables: {
                                [key: string]: unknown;
                            };
                            total_runs: number;
                            /** Format: date-time */
                            updated_at: string;
                            version_number: number;
                            version_status: "published" | "archived";
                            /** @description Known keys are validated; further keys are kept as sent. */
                            workflow_configurations: {
                                /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                                context_compaction_enabled?: boolean;
                                /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                                disclosure_message?: string | null;
                                /** @description BCP-47 language of the call (default en-US). */
                                language?: string;
                                /** @description A call that runs longer is ended (default 1800). */
                                max_call_duration_seconds?: number;
                                /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                                max_tool_calls_per_turn?: number;
                                /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                                max_user_idle_timeout?: number;
                                /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                                model?: string | null;
                                /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                                opt_out_disposition?: string;
                                /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                                opt_out_dtmf_key?: string | null;
                                /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                                provisional_vad_pause_secs?: number;
                                /** @description Store the call recording (default true). */
                                recording_enabled?: boolean;
                                /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                                smart_turn_stop_secs?: number;
                                /** @description `min_words`: words that interrupt the agent (default 3). */
                                turn_start_min_words?: number;
                                /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                                turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                                /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                                turn_stop_strategy?: "transcription" | "turn_analyzer";
                                /** @description Turn taking (seconds of media time). */
                                vad_configuration?: {
                                    /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                    confidence?: number;
                                    /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                    engine?: "silero" | "webrtc";
                                    /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                    minimum_volume?: number;
                                    /** @description Caller speech that interrupts the agent (default 0.3). */
                                    start_seconds: number;
                                    /** @description Caller silence that ends their turn (default 0.8). */
                                    stop_seconds: number;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                                voice?: string | null;
                                /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                                voice_config_id?: number | null;
                                /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                                voicemail_message?: string | null;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first). */
                            workflow_definition: {
                                edges: ({
                                    data: {
                                        /** @description When the agent takes this transition. */
                                        condition?: string;
                                        /** @description Unique among the edges leaving one node. */
                                        label: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Id of the node the transition leaves. */
                                    source: string;
                                    /** @description Id of the node the transition enters. */
                                    target: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                nodes: ({
                                    /** @description Further keys (editor state, tool settings) are kept as sent. */
                                    data: {
                                        extraction_variables?: {
                                            /** @description Key under which the value lands in gathered_context. */
                                            name: string;
                                            /** @description What to extract from the conversation. */
                                            prompt: string;
                                            type: "string" | "number" | "boolean";
                                        }[];
                                        name: string;
                                        prompt?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Editor layout only. */
                                    position?: {
                                        x: number;
                                        y: number;
                                    };
                                    type: "startCall" | "agentNode" | "endCall" | "globalNode";
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            workflow_uuid: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Every problem at once; `loc` points into the request, e.g. body.workflow_definition.nodes.2. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                loc: string[];
                                msg: string;
                                type: string;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List one agent's runs (same filters, paging and totals as the organization list) */
        get: {
            parameters: {
                query: {
                    /** @description ISO 8601 date-time; inclusive upper bound. A bare date (YYYY-MM-DD) includes that whole day. */
                    end_date?: string;
                    /** @description JSON array of {attribute, type, value | codes | min | max}: runId, workflowId, campaignId (number), callerNumber, calledNumber (text, substring), dispositionCode (multiSelect, codes), duration (numberRange). */
                    filters?: string;
                    limit: number;
                    page: number;
                    /** @description ISO 8601 date-time (UTC unless an offset is given); inclusive lower bound. */
                    start_date?: string;
                };
                header?: never;
                path: {
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            page: number;
                            runs: {
                                bot_recording_public_url: string | null;
                                bot_recording_url: string | null;
                                call_duration_seconds: number | null;
                                call_type: string;
                                called_number: string | null;
                                caller_number: string | null;
                                charge_usd: number;
                                cost_info: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                created_at: string;
                                definition_id: number | null;
                                disposition: string | null;
                                /** @description Dograh's name for service_token_usage: the same value. */
                                dograh_token_usage: number;
                                gathered_context: {
                                    [key: string]: unknown;
                                };
                                id: number;
                                initial_context: {
                                    [key: string]: unknown;
                                };
                                is_completed: boolean;
                                mode: string;
                                name: string;
                                phone_number: string | null;
                                public_access_token: string | null;
                                recording_public_url: string | null;
                                recording_url: string | null;
                                service_token_usage: number;
                                transcript_public_url: string | null;
                                transcript_url: string | null;
                                user_recording_public_url: string | null;
                                user_recording_url: string | null;
                                workflow_id: number;
                                workflow_name: string;
                            }[];
                            total_count: number;
                            /** @description Dograh's name for total_service_tokens: the same value. */
                            total_dograh_tokens: number;
                            total_duration_seconds: number;
                            total_pages: number;
                            total_service_tokens: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Start a text conversation with an agent (mode textchat); the agent greets first */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Values of the agent's {{template variables}}; they override template_context_variables. */
                        initial_context?: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Phone calls are placed with POST /telephony/initiate-call.
                         * @enum {string}
                         */
                        mode: "textchat";
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            annotations: {
                                [key: string]: unknown;
                            };
                            bot_recording_public_url: string | null;
                            bot_recording_url: string | null;
                            call_type: string;
                            /** @description Ours: the run's campaign. */
                            campaign_id?: number | null;
                            /** @description Ours: the campaign contact the run called (its row in the contact list). */
                            contact?: {
                                id: number;
                                phone_number: string;
                                row_number: number;
                            } | null;
                            conversation: {
                                disposition: string | null;
                                end_reason: string | null;
                                gathered_context: {
                                    [key: string]: unknown;
                                };
                                messages: {
                                    /** Format: date-time */
                                    at: string;
                                    content: string;
                                    /** @description The model that wrote an agent turn (with fallbacks configured: the one that answered). */
                                    model?: string;
                                    node_id: string;
                                    role: "agent" | "user";
                                    /** @description The agent turn's tool calls before its last words, round by round: the words said alongside (they begin `content`) and each call with its arguments and the result the LLM got. */
                                    tool_rounds?: {
                                        calls: {
                                            arguments: {
                                                [key: string]: unknown;
                                            };
                                            id: string;
                                            name: string;
                                            ok: boolean;
                                            result: string;
                                            tool_uuid: string | null;
                                        }[];
                                        said: string;
                                    }[];
                                    usage?: {
                                        completion_tokens: number;
                                        prompt_tokens: number;
                                    };
                                }[];
                                node: {
                                    id: string;
                                    name: string;
                                };
                                status: "active" | "ended";
                                usage: {
                                    completion_tokens: number;
                                    prompt_tokens: number;
                                };
                            };
                            cost_info: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            created_at: string;
                            definition_id: number | null;
                            gathered_context: {
                                [key: string]: unknown;
                            };
                            id: number;
                            initial_context: {
                                [key: string]: unknown;
                            };
                            is_completed: boolean;
                            logs: {
                                [key: string]: unknown;
                            };
                            mode: string;
                            name: string;
                            /** @description Ours: why a finished run has no transcript; null when it has one or is not finished. */
                            no_conversation?: {
                                message: string;
                                /** @enum {string} */
                                reason: "no_llm" | "not_answered" | "voicemail" | "call_failed" | "not_dialed" | "media_lost" | "no_media_stream";
                            } | null;
                            /** @description How the start node's pre-call fetch went (docs/agents.md, Pre-call fetch). */
                            pre_call_fetch?: {
                                error: string | null;
                                /** Format: date-time */
                                finished_at: string | null;
                                http_status: number | null;
                                merged_keys: string[];
                                /** Format: date-time */
                                started_at: string;
                                status: "running" | "succeeded" | "failed";
                            } | null;
                            public_access_token: string | null;
                            recording_public_url: string | null;
                            recording_url: string | null;
                            /**
                             * @description Ours: the run as its call went, agreeing with the outcome: in_progress, answered, transferred, voicemail, not_answered (busy, no answer, canceled), failed (failed, error, invalid number, media lost), not_dialed (do-not-call, no callable window), ended (no call outcome: text chats, inbound calls).
                             * @enum {string}
                             */
                            status?: "in_progress" | "answered" | "transferred" | "voicemail" | "not_answered" | "failed" | "not_dialed" | "ended";
                            transcript_public_url: string | null;
                            transcript_url: string | null;
                            usage_info: {
                                [key: string]: unknown;
                            };
                            user_recording_public_url: string | null;
                            user_recording_url: string | null;
                            workflow_id: number;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one run of an agent, with fresh public links to its artifacts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    run_id: number;
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            annotations: {
                                [key: string]: unknown;
                            };
                            bot_recording_public_url: string | null;
                            bot_recording_url: string | null;
                            call_type: string;
                            /** @description Ours: the run's campaign. */
                            campaign_id?: number | null;
                            /** @description Ours: the campaign contact the run called (its row in the contact list). */
                            contact?: {
                                id: number;
                                phone_number: string;
                                row_number: number;
                            } | null;
                            cost_info: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            created_at: string;
                            definition_id: number | null;
                            gathered_context: {
                                [key: string]: unknown;
                            };
                            id: number;
                            initial_context: {
                                [key: string]: unknown;
                            };
                            is_completed: boolean;
                            logs: {
                                [key: string]: unknown;
                            };
                            mode: string;
                            name: string;
                            /** @description Ours: why a finished run has no transcript; null when it has one or is not finished. */
                            no_conversation?: {
                                message: string;
                                /** @enum {string} */
                                reason: "no_llm" | "not_answered" | "voicemail" | "call_failed" | "not_dialed" | "media_lost" | "no_media_stream";
                            } | null;
                            /** @description How the start node's pre-call fetch went (docs/agents.md, Pre-call fetch). */
                            pre_call_fetch?: {
                                error: string | null;
                                /** Format: date-time */
                                finished_at: string | null;
                                http_status: number | null;
                                merged_keys: string[];
                                /** Format: date-time */
                                started_at: string;
                                status: "running" | "succeeded" | "failed";
                            } | null;
                            public_access_token: string | null;
                            recording_public_url: string | null;
                            recording_url: string | null;
                            /**
                             * @description Ours: the run as its call went, agreeing with the outcome: in_progress, answered, transferred, voicemail, not_answered (busy, no answer, canceled), failed (failed, error, invalid number, media lost), not_dialed (do-not-call, no callable window), ended (no call outcome: text chats, inbound calls).
                             * @enum {string}
                             */
                            status?: "in_progress" | "answered" | "transferred" | "voicemail" | "not_answered" | "failed" | "not_dialed" | "ended";
                            transcript_public_url: string | null;
                            transcript_url: string | null;
                            usage_info: {
                                [key: string]: unknown;
                            };
                            user_recording_public_url: string | null;
                            user_recording_url: string | null;
                            workflow_id: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a finished run of an agent with its transcript and recordings */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    run_id: number;
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                attempts: number;
                                campaigns: number;
                                contacts: number;
                                runs: number;
                            };
                            id: number;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: unknown;
                            message?: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}/runs/{run_id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a text conversation: transcript stored, context gathered, usage and cost recorded */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    run_id: number;
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            annotations: {
                                [key: string]: unknown;
                            };
                            bot_recording_public_url: string | null;
                            bot_recording_url: string | null;
                            call_type: string;
                            /** @description Ours: the run's campaign. */
                            campaign_id?: number | null;
                            /** @description Ours: the campaign contact the run called (its row in the contact list). */
                            contact?: {
                                id: number;
                                phone_number: string;
                                row_number: number;
                            } | null;
                            conversation: {
                                disposition: string | null;
                                end_reason: string | null;
                                gathered_context: {
                                    [key: string]: unknown;
                                };
                                messages: {
                                    /** Format: date-time */
                                    at: string;
                                    content: string;
                                    /** @description The model that wrote an agent turn (with fallbacks configured: the one that answered). */
                                    model?: string;
                                    node_id: string;
                                    role: "agent" | "user";
                                    /** @description The agent turn's tool calls before its last words, round by round: the words said alongside (they begin `content`) and each call with its arguments and the result the LLM got. */
                                    tool_rounds?: {
                                        calls: {
                                            arguments: {
                                                [key: string]: unknown;
                                            };
                                            id: string;
                                            name: string;
                                            ok: boolean;
                                            result: string;
                                            tool_uuid: string | null;
                                        }[];
                                        said: string;
                                    }[];
                                    usage?: {
                                        completion_tokens: number;
                                        prompt_tokens: number;
                                    };
                                }[];
                                node: {
                                    id: string;
                                    name: string;
                                };
                                status: "active" | "ended";
                                usage: {
                                    completion_tokens: number;
                                    prompt_tokens: number;
                                };
                            };
                            cost_info: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            created_at: string;
                            definition_id: number | null;
                            gathered_context: {
                                [key: string]: unknown;
                            };
                            id: number;
                            initial_context: {
                                [key: string]: unknown;
                            };
                            is_completed: boolean;
                            logs: {
                                [key: string]: unknown;
                            };
                            mode: string;
                            name: string;
                            /** @description Ours: why a finished run has no transcript; null when it has one or is not finished. */
                            no_conversation?: {
                                message: string;
                                /** @enum {string} */
                                reason: "no_llm" | "not_answered" | "voicemail" | "call_failed" | "not_dialed" | "media_lost" | "no_media_stream";
                            } | null;
                            /** @description How the start node's pre-call fetch went (docs/agents.md, Pre-call fetch). */
                            pre_call_fetch?: {
                                error: string | null;
                                /** Format: date-time */
                                finished_at: string | null;
                                http_status: number | null;
                                merged_keys: string[];
                                /** Format: date-time */
                                started_at: string;
                                status: "running" | "succeeded" | "failed";
                            } | null;
                            public_access_token: string | null;
                            recording_public_url: string | null;
                            recording_url: string | null;
                            /**
                             * @description Ours: the run as its call went, agreeing with the outcome: in_progress, answered, transferred, voicemail, not_answered (busy, no answer, canceled), failed (failed, error, invalid number, media lost), not_dialed (do-not-call, no callable window), ended (no call outcome: text chats, inbound calls).
                             * @enum {string}
                             */
                            status?: "in_progress" | "answered" | "transferred" | "voicemail" | "not_answered" | "failed" | "not_dialed" | "ended";
                            transcript_public_url: string | null;
                            transcript_url: string | null;
                            usage_info: {
                                [key: string]: unknown;
                            };
                            user_recording_public_url: string | null;
                            user_recording_url: string | null;
                            workflow_id: number;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}/runs/{run_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the user's message; answers with the agent's reply
         * @description Reaching an endCall, the turn limit or the duration limit ends the conversation (status `ended`); an LLM failure ends it with disposition `llm_error`. A message to an ended run is 409 `run_ended`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    run_id: number;
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The user's turn. */
                        content: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conversation: {
                                disposition: string | null;
                                end_reason: string | null;
                                gathered_context: {
                                    [key: string]: unknown;
                                };
                                messages: {
                                    /** Format: date-time */
                                    at: string;
                                    content: string;
                                    /** @description The model that wrote an agent turn (with fallbacks configured: the one that answered). */
                                    model?: string;
                                    node_id: string;
                                    role: "agent" | "user";
                                    /** @description The agent turn's tool calls before its last words, round by round: the words said alongside (they begin `content`) and each call with its arguments and the result the LLM got. */
                                    tool_rounds?: {
                                        calls: {
                                            arguments: {
                                                [key: string]: unknown;
                                            };
                                            id: string;
                                            name: string;
                                            ok: boolean;
                                            result: string;
                                            tool_uuid: string | null;
                                        }[];
                                        said: string;
                                    }[];
                                    usage?: {
                                        completion_tokens: number;
                                        prompt_tokens: number;
                                    };
                                }[];
                                node: {
                                    id: string;
                                    name: string;
                                };
                                status: "active" | "ended";
                                usage: {
                                    completion_tokens: number;
                                    prompt_tokens: number;
                                };
                            };
                            /** @description The agent's answer; null when the conversation ended without one. */
                            reply: string | null;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Archive (no more calls) or restore an agent; history and definitions are kept
         * @description Archiving pauses the running and syncing campaigns that use the agent (`agent_archived` log entry).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        status: "active" | "archived";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            call_disposition_codes: {
                                /** @description The codes the agent may assign to a call, e.g. ["interested", "callback"]. */
                                disposition_codes: string[];
                            };
                            call_type: "inbound" | "outbound";
                            /** Format: date-time */
                            created_at: string;
                            current_definition_id: number;
                            id: number;
                            name: string;
                            status: "active" | "archived";
                            /** @description Default values of the template variables used in prompts; a call’s initial_context overrides them. */
                            template_context_variables: {
                                [key: string]: unknown;
                            };
                            total_runs: number;
                            /** Format: date-time */
                            updated_at: string;
                            version_number: number;
                            version_status: "published" | "archived";
                            /** @description Known keys are validated; further keys are kept as sent. */
                            workflow_configurations: {
                                /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                                context_compaction_enabled?: boolean;
                                /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                                disclosure_message?: string | null;
                                /** @description BCP-47 language of the call (default en-US). */
                                language?: string;
                                /** @description A call that runs longer is ended (default 1800). */
                                max_call_duration_seconds?: number;
                                /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                                max_tool_calls_per_turn?: number;
                                /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                                max_user_idle_timeout?: number;
                                /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                                model?: string | null;
                                /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                                opt_out_disposition?: string;
                                /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                                opt_out_dtmf_key?: string | null;
                                /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                                provisional_vad_pause_secs?: number;
                                /** @description Store the call recording (default true). */
                                recording_enabled?: boolean;
                                /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                                smart_turn_stop_secs?: number;
                                /** @description `min_words`: words that interrupt the agent (default 3). */
                                turn_start_min_words?: number;
                                /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                                turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                                /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                                turn_stop_strategy?: "transcription" | "turn_analyzer";
                                /** @description Turn taking (seconds of media time). */
                                vad_configuration?: {
                                    /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                    confidence?: number;
                                    /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                    engine?: "silero" | "webrtc";
                                    /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                    minimum_volume?: number;
                                    /** @description Caller speech that interrupts the agent (default 0.3). */
                                    start_seconds: number;
                                    /** @description Caller silence that ends their turn (default 0.8). */
                                    stop_seconds: number;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                                voice?: string | null;
                                /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                                voice_config_id?: number | null;
                                /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                                voicemail_message?: string | null;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first). */
                            workflow_definition: {
                                edges: ({
                                    data: {
                                        /** @description When the agent takes this transition. */
                                        condition?: string;
                                        /** @description Unique among the edges leaving one node. */
                                        label: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Id of the node the transition leaves. */
                                    source: string;
                                    /** @description Id of the node the transition enters. */
                                    target: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                nodes: ({
                                    /** @description Further keys (editor state, tool settings) are kept as sent. */
                                    data: {
                                        extraction_variables?: {
                                            /** @description Key under which the value lands in gathered_context. */
                                            name: string;
                                            /** @description What to extract from the conversation. */
                                            prompt: string;
                                            type: "string" | "number" | "boolean";
                                        }[];
                                        name: string;
                                        prompt?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Editor layout only. */
                                    position?: {
                                        x: number;
                                        y: number;
                                    };
                                    type: "startCall" | "agentNode" | "endCall" | "globalNode";
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            workflow_uuid: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Every problem at once; `loc` points into the request, e.g. body.workflow_definition.nodes.2. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                loc: string[];
                                msg: string;
                                type: string;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an agent's definitions, newest first
         * @description Dograh's shape: a bare array. `limit`/`offset` page through it; without `limit`, every version.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Default: every version. */
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            /**
                             * Format: date-time
                             * @description Dograh's: when the version was published; every version is published when it is saved.
                             */
                            published_at: string | null;
                            status: "published" | "archived";
                            /** @description The agent's current template variables on the published version; null on archived ones. */
                            template_context_variables: {
                                [key: string]: unknown;
                            } | (never | null);
                            version_number: number;
                            /** @description The agent's current configurations on the published version; null on archived ones (not kept per version). */
                            workflow_configurations: ({
                                /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                                context_compaction_enabled?: boolean;
                                /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                                disclosure_message?: string | null;
                                /** @description BCP-47 language of the call (default en-US). */
                                language?: string;
                                /** @description A call that runs longer is ended (default 1800). */
                                max_call_duration_seconds?: number;
                                /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                                max_tool_calls_per_turn?: number;
                                /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                                max_user_idle_timeout?: number;
                                /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                                model?: string | null;
                                /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                                opt_out_disposition?: string;
                                /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                                opt_out_dtmf_key?: string | null;
                                /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                                provisional_vad_pause_secs?: number;
                                /** @description Store the call recording (default true). */
                                recording_enabled?: boolean;
                                /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                                smart_turn_stop_secs?: number;
                                /** @description `min_words`: words that interrupt the agent (default 3). */
                                turn_start_min_words?: number;
                                /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                                turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                                /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                                turn_stop_strategy?: "transcription" | "turn_analyzer";
                                /** @description Turn taking (seconds of media time). */
                                vad_configuration?: {
                                    /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                    confidence?: number;
                                    /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                    engine?: "silero" | "webrtc";
                                    /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                    minimum_volume?: number;
                                    /** @description Caller speech that interrupts the agent (default 0.3). */
                                    start_seconds: number;
                                    /** @description Caller silence that ends their turn (default 0.8). */
                                    stop_seconds: number;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                                voice?: string | null;
                                /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                                voice_config_id?: number | null;
                                /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                                voicemail_message?: string | null;
                            } & {
                                [key: string]: unknown;
                            }) | (never | null);
                            /** @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first). */
                            workflow_definition: {
                                edges: ({
                                    data: {
                                        /** @description When the agent takes this transition. */
                                        condition?: string;
                                        /** @description Unique among the edges leaving one node. */
                                        label: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Id of the node the transition leaves. */
                                    source: string;
                                    /** @description Id of the node the transition enters. */
                                    target: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                nodes: ({
                                    /** @description Further keys (editor state, tool settings) are kept as sent. */
                                    data: {
                                        extraction_variables?: {
                                            /** @description Key under which the value lands in gathered_context. */
                                            name: string;
                                            /** @description What to extract from the conversation. */
                                            prompt: string;
                                            type: "string" | "number" | "boolean";
                                        }[];
                                        name: string;
                                        prompt?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Editor layout only. */
                                    position?: {
                                        x: number;
                                        y: number;
                                    };
                                    type: "startCall" | "agentNode" | "endCall" | "globalNode";
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Dograh's name of the same definition as `workflow_definition`. */
                            workflow_json: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/{workflow_id}/versions/{definition_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one definition of an agent */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    definition_id: number;
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            /**
                             * Format: date-time
                             * @description Dograh's: when the version was published; every version is published when it is saved.
                             */
                            published_at: string | null;
                            status: "published" | "archived";
                            /** @description The agent's current template variables on the published version; null on archived ones. */
                            template_context_variables: {
                                [key: string]: unknown;
                            } | (never | null);
                            version_number: number;
                            /** @description The agent's current configurations on the published version; null on archived ones (not kept per version). */
                            workflow_configurations: ({
                                /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                                context_compaction_enabled?: boolean;
                                /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                                disclosure_message?: string | null;
                                /** @description BCP-47 language of the call (default en-US). */
                                language?: string;
                                /** @description A call that runs longer is ended (default 1800). */
                                max_call_duration_seconds?: number;
                                /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                                max_tool_calls_per_turn?: number;
                                /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                                max_user_idle_timeout?: number;
                                /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                                model?: string | null;
                                /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                                opt_out_disposition?: string;
                                /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                                opt_out_dtmf_key?: string | null;
                                /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                                provisional_vad_pause_secs?: number;
                                /** @description Store the call recording (default true). */
                                recording_enabled?: boolean;
                                /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                                smart_turn_stop_secs?: number;
                                /** @description `min_words`: words that interrupt the agent (default 3). */
                                turn_start_min_words?: number;
                                /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                                turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                                /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                                turn_stop_strategy?: "transcription" | "turn_analyzer";
                                /** @description Turn taking (seconds of media time). */
                                vad_configuration?: {
                                    /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                    confidence?: number;
                                    /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                    engine?: "silero" | "webrtc";
                                    /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                    minimum_volume?: number;
                                    /** @description Caller speech that interrupts the agent (default 0.3). */
                                    start_seconds: number;
                                    /** @description Caller silence that ends their turn (default 0.8). */
                                    stop_seconds: number;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                                voice?: string | null;
                                /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                                voice_config_id?: number | null;
                                /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                                voicemail_message?: string | null;
                            } & {
                                [key: string]: unknown;
                            }) | (never | null);
                            /** @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first). */
                            workflow_definition: {
                                edges: ({
                                    data: {
                                        /** @description When the agent takes this transition. */
                                        condition?: string;
                                        /** @description Unique among the edges leaving one node. */
                                        label: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Id of the node the transition leaves. */
                                    source: string;
                                    /** @description Id of the node the transition enters. */
                                    target: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                nodes: ({
                                    /** @description Further keys (editor state, tool settings) are kept as sent. */
                                    data: {
                                        extraction_variables?: {
                                            /** @description Key under which the value lands in gathered_context. */
                                            name: string;
                                            /** @description What to extract from the conversation. */
                                            prompt: string;
                                            type: "string" | "number" | "boolean";
                                        }[];
                                        name: string;
                                        prompt?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Editor layout only. */
                                    position?: {
                                        x: number;
                                        y: number;
                                    };
                                    type: "startCall" | "agentNode" | "endCall" | "globalNode";
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Dograh's name of the same definition as `workflow_definition`. */
                            workflow_json: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/create/definition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an agent from an explicit definition (version 1, published) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        call_disposition_codes?: {
                            /** @description The codes the agent may assign to a call, e.g. ["interested", "callback"]. */
                            disposition_codes: string[];
                        };
                        /** @description Default `outbound`; fixed after creation. */
                        call_type?: "inbound" | "outbound";
                        name: string;
                        /** @description Default values of the template variables used in prompts; a call’s initial_context overrides them. */
                        template_context_variables?: {
                            [key: string]: unknown;
                        };
                        /** @description Known keys are validated; further keys are kept as sent. */
                        workflow_configurations?: {
                            /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                            context_compaction_enabled?: boolean;
                            /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                            disclosure_message?: string | null;
                            /** @description BCP-47 language of the call (default en-US). */
                            language?: string;
                            /** @description A call that runs longer is ended (default 1800). */
                            max_call_duration_seconds?: number;
                            /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                            max_tool_calls_per_turn?: number;
                            /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                            max_user_idle_timeout?: number;
                            /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                            model?: string | null;
                            /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                            opt_out_disposition?: string;
                            /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                            opt_out_dtmf_key?: string | null;
                            /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                            provisional_vad_pause_secs?: number;
                            /** @description Store the call recording (default true). */
                            recording_enabled?: boolean;
                            /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                            smart_turn_stop_secs?: number;
                            /** @description `min_words`: words that interrupt the agent (default 3). */
                            turn_start_min_words?: number;
                            /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                            turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                            /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                            turn_stop_strategy?: "transcription" | "turn_analyzer";
                            /** @description Turn taking (seconds of media time). */
                            vad_configuration?: {
                                /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                confidence?: number;
                                /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                engine?: "silero" | "webrtc";
                                /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                minimum_volume?: number;
                                /** @description Caller speech that interrupts the agent (default 0.3). */
                                start_seconds: number;
                                /** @description Caller silence that ends their turn (default 0.8). */
                                stop_seconds: number;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                            voice?: string | null;
                            /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                            voice_config_id?: number | null;
                            /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                            voicemail_message?: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first).
                         * @example {
                         *       "nodes": [
                         *         {
                         *           "id": "start",
                         *           "type": "startCall",
                         *           "position": {
                         *             "x": 0,
                         *             "y": 0
                         *           },
                         *           "data": {
                         *             "name": "Greeting",
                         *             "prompt": "Greet {{first_name}}."
                         *           }
                         *         },
                         *         {
                         *           "id": "end",
                         *           "type": "endCall",
                         *           "position": {
                         *             "x": 0,
                         *             "y": 200
                         *           },
                         *           "data": {
                         *             "name": "Goodbye",
                         *             "prompt": "Thank them and hang up."
                         *           }
                         *         }
                         *       ],
                         *       "edges": [
                         *         {
                         *           "id": "e1",
                         *           "source": "start",
                         *           "target": "end",
                         *           "data": {
                         *             "label": "done",
                         *             "condition": "The caller is done."
                         *           }
                         *         }
                         *       ]
                         *     }
                         */
                        workflow_definition: Record<string, never>;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            call_disposition_codes: {
                                /** @description The codes the agent may assign to a call, e.g. ["interested", "callback"]. */
                                disposition_codes: string[];
                            };
                            call_type: "inbound" | "outbound";
                            /** Format: date-time */
                            created_at: string;
                            current_definition_id: number;
                            id: number;
                            name: string;
                            status: "active" | "archived";
                            /** @description Default values of the template variables used in prompts; a call’s initial_context overrides them. */
                            template_context_variables: {
                                [key: string]: unknown;
                            };
                            total_runs: number;
                            /** Format: date-time */
                            updated_at: string;
                            version_number: number;
                            version_status: "published" | "archived";
                            /** @description Known keys are validated; further keys are kept as sent. */
                            workflow_configurations: {
                                /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                                context_compaction_enabled?: boolean;
                                /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                                disclosure_message?: string | null;
                                /** @description BCP-47 language of the call (default en-US). */
                                language?: string;
                                /** @description A call that runs longer is ended (default 1800). */
                                max_call_duration_seconds?: number;
                                /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                                max_tool_calls_per_turn?: number;
                                /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                                max_user_idle_timeout?: number;
                                /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                                model?: string | null;
                                /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                                opt_out_disposition?: string;
                                /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                                opt_out_dtmf_key?: string | null;
                                /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                                provisional_vad_pause_secs?: number;
                                /** @description Store the call recording (default true). */
                                recording_enabled?: boolean;
                                /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                                smart_turn_stop_secs?: number;
                                /** @description `min_words`: words that interrupt the agent (default 3). */
                                turn_start_min_words?: number;
                                /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                                turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                                /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                                turn_stop_strategy?: "transcription" | "turn_analyzer";
                                /** @description Turn taking (seconds of media time). */
                                vad_configuration?: {
                                    /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                    confidence?: number;
                                    /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                    engine?: "silero" | "webrtc";
                                    /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                    minimum_volume?: number;
                                    /** @description Caller speech that interrupts the agent (default 0.3). */
                                    start_seconds: number;
                                    /** @description Caller silence that ends their turn (default 0.8). */
                                    stop_seconds: number;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                                voice?: string | null;
                                /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                                voice_config_id?: number | null;
                                /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                                voicemail_message?: string | null;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first). */
                            workflow_definition: {
                                edges: ({
                                    data: {
                                        /** @description When the agent takes this transition. */
                                        condition?: string;
                                        /** @description Unique among the edges leaving one node. */
                                        label: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Id of the node the transition leaves. */
                                    source: string;
                                    /** @description Id of the node the transition enters. */
                                    target: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                nodes: ({
                                    /** @description Further keys (editor state, tool settings) are kept as sent. */
                                    data: {
                                        extraction_variables?: {
                                            /** @description Key under which the value lands in gathered_context. */
                                            name: string;
                                            /** @description What to extract from the conversation. */
                                            prompt: string;
                                            type: "string" | "number" | "boolean";
                                        }[];
                                        name: string;
                                        prompt?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Editor layout only. */
                                    position?: {
                                        x: number;
                                        y: number;
                                    };
                                    type: "startCall" | "agentNode" | "endCall" | "globalNode";
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            workflow_uuid: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Every problem at once; `loc` points into the request, e.g. body.workflow_definition.nodes.2. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                loc: string[];
                                msg: string;
                                type: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/create/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an agent from a description; the result is a normal, editable agent
         * @description With an LLM configured the definition comes from the LLM (structured output, validated by the graph validator, repaired or regenerated in bounded attempts); without one a built-in generator makes it. `workflow_configurations.generator` says which (`llm` or `builtin`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description What the agent should do on a call, in plain language. */
                        activity_description: string;
                        call_type: "inbound" | "outbound";
                        /** @description The agent's name; without it the generator names the agent. */
                        name?: string;
                        /** @description e.g. "appointment reminders" */
                        use_case: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            call_disposition_codes: {
                                /** @description The codes the agent may assign to a call, e.g. ["interested", "callback"]. */
                                disposition_codes: string[];
                            };
                            call_type: "inbound" | "outbound";
                            /** Format: date-time */
                            created_at: string;
                            current_definition_id: number;
                            id: number;
                            name: string;
                            status: "active" | "archived";
                            /** @description Default values of the template variables used in prompts; a call’s initial_context overrides them. */
                            template_context_variables: {
                                [key: string]: unknown;
                            };
                            total_runs: number;
                            /** Format: date-time */
                            updated_at: string;
                            version_number: number;
                            version_status: "published" | "archived";
                            /** @description Known keys are validated; further keys are kept as sent. */
                            workflow_configurations: {
                                /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                                context_compaction_enabled?: boolean;
                                /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                                disclosure_message?: string | null;
                                /** @description BCP-47 language of the call (default en-US). */
                                language?: string;
                                /** @description A call that runs longer is ended (default 1800). */
                                max_call_duration_seconds?: number;
                                /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                                max_tool_calls_per_turn?: number;
                                /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                                max_user_idle_timeout?: number;
                                /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                                model?: string | null;
                                /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                                opt_out_disposition?: string;
                                /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                                opt_out_dtmf_key?: string | null;
                                /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                                provisional_vad_pause_secs?: number;
                                /** @description Store the call recording (default true). */
                                recording_enabled?: boolean;
                                /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                                smart_turn_stop_secs?: number;
                                /** @description `min_words`: words that interrupt the agent (default 3). */
                                turn_start_min_words?: number;
                                /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                                turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                                /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                                turn_stop_strategy?: "transcription" | "turn_analyzer";
                                /** @description Turn taking (seconds of media time). */
                                vad_configuration?: {
                                    /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                    confidence?: number;
                                    /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                    engine?: "silero" | "webrtc";
                                    /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                    minimum_volume?: number;
                                    /** @description Caller speech that interrupts the agent (default 0.3). */
                                    start_seconds: number;
                                    /** @description Caller silence that ends their turn (default 0.8). */
                                    stop_seconds: number;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                                voice?: string | null;
                                /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                                voice_config_id?: number | null;
                                /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                                voicemail_message?: string | null;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first). */
                            workflow_definition: {
                                edges: ({
                                    data: {
                                        /** @description When the agent takes this transition. */
                                        condition?: string;
                                        /** @description Unique among the edges leaving one node. */
                                        label: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Id of the node the transition leaves. */
                                    source: string;
                                    /** @description Id of the node the transition enters. */
                                    target: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                nodes: ({
                                    /** @description Further keys (editor state, tool settings) are kept as sent. */
                                    data: {
                                        extraction_variables?: {
                                            /** @description Key under which the value lands in gathered_context. */
                                            name: string;
                                            /** @description What to extract from the conversation. */
                                            prompt: string;
                                            type: "string" | "number" | "boolean";
                                        }[];
                                        name: string;
                                        prompt?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Editor layout only. */
                                    position?: {
                                        x: number;
                                        y: number;
                                    };
                                    type: "startCall" | "agentNode" | "endCall" | "globalNode";
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            workflow_uuid: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description `llm_unavailable` or `template_generation_failed`; nothing was saved. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/fetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's agents (default: active ones), newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated statuses, e.g. `active,archived`; default `active`. */
                    status?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            name: string;
                            status: "active" | "archived";
                            total_runs: number;
                            /** Format: uuid */
                            workflow_uuid: string;
                        }[];
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description Every problem at once; `loc` points into the request, e.g. body.workflow_definition.nodes.2. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                loc: string[];
                                msg: string;
                                type: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow/fetch/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an agent with its current definition */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workflow_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            call_disposition_codes: {
                                /** @description The codes the agent may assign to a call, e.g. ["interested", "callback"]. */
                                disposition_codes: string[];
                            };
                            call_type: "inbound" | "outbound";
                            /** Format: date-time */
                            created_at: string;
                            current_definition_id: number;
                            id: number;
                            name: string;
                            status: "active" | "archived";
                            /** @description Default values of the template variables used in prompts; a call’s initial_context overrides them. */
                            template_context_variables: {
                                [key: string]: unknown;
                            };
                            total_runs: number;
                            /** Format: date-time */
                            updated_at: string;
                            version_number: number;
                            version_status: "published" | "archived";
                            /** @description Known keys are validated; further keys are kept as sent. */
                            workflow_configurations: {
                                /** @description On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing (default false; text chats and calls alike). */
                                context_compaction_enabled?: boolean;
                                /** @description Spoken before the greeting (recording, AI); absent or empty: none. */
                                disclosure_message?: string | null;
                                /** @description BCP-47 language of the call (default en-US). */
                                language?: string;
                                /** @description A call that runs longer is ended (default 1800). */
                                max_call_duration_seconds?: number;
                                /** @description The most tool calls the LLM may make in one agent turn (default 5); past it the LLM must answer. */
                                max_tool_calls_per_turn?: number;
                                /** @description Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ends the call (default 10). */
                                max_user_idle_timeout?: number;
                                /** @description The LLM model; absent: the voice configuration's, else the operator's. */
                                model?: string | null;
                                /** @description The disposition that means "do not call me again" (default do_not_call); always offered to the disposition classifier. A call that ends with it puts the number on the organization's do-not-call list. */
                                opt_out_disposition?: string;
                                /** @description A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ends after a short confirmation. Absent or null: none. */
                                opt_out_dtmf_key?: string | null;
                                /** @description `provisional_vad`: how long speech pauses the agent before it resumes (default 1.5). */
                                provisional_vad_pause_secs?: number;
                                /** @description Store the call recording (default true). */
                                recording_enabled?: boolean;
                                /** @description `turn_analyzer`: the longest silence an unfinished phrase waits (default 2). */
                                smart_turn_stop_secs?: number;
                                /** @description `min_words`: words that interrupt the agent (default 3). */
                                turn_start_min_words?: number;
                                /** @description What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`. */
                                turn_start_strategy?: "default" | "min_words" | "provisional_vad";
                                /** @description How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` (default) ends a complete answer after 0.3 s of silence and waits 1.5 s on a plainly unfinished phrase; `turn_analyzer` waits up to `smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`. */
                                turn_stop_strategy?: "transcription" | "turn_analyzer";
                                /** @description Turn taking (seconds of media time). */
                                vad_configuration?: {
                                    /** @description How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); WebRTC's aggressiveness in quarters (default 2). */
                                    confidence?: number;
                                    /** @description The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or `webrtc` (cheaper; hears most sounds as speech). */
                                    engine?: "silero" | "webrtc";
                                    /** @description A floor under which a frame is never speech (its level from -60 dBFS to full scale). */
                                    minimum_volume?: number;
                                    /** @description Caller speech that interrupts the agent (default 0.3). */
                                    start_seconds: number;
                                    /** @description Caller silence that ends their turn (default 0.8). */
                                    stop_seconds: number;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default. */
                                voice?: string | null;
                                /** @description A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the local voice, no speech-to-text, the operator's LLM. */
                                voice_config_id?: number | null;
                                /** @description Left on an answering machine before hanging up; absent or empty: hang up at once. */
                                voicemail_message?: string | null;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges `{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls (no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and `data.transfer_message?` (spoken first). */
                            workflow_definition: {
                                edges: ({
                                    data: {
                                        /** @description When the agent takes this transition. */
                                        condition?: string;
                                        /** @description Unique among the edges leaving one node. */
                                        label: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Id of the node the transition leaves. */
                                    source: string;
                                    /** @description Id of the node the transition enters. */
                                    target: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                nodes: ({
                                    /** @description Further keys (editor state, tool settings) are kept as sent. */
                                    data: {
                                        extraction_variables?: {
                                            /** @description Key under which the value lands in gathered_context. */
                                            name: string;
                                            /** @description What to extract from the conversation. */
                                            prompt: string;
                                            type: "string" | "number" | "boolean";
                                        }[];
                                        name: string;
                                        prompt?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    id: string;
                                    /** @description Editor layout only. */
                                    position?: {
                                        x: number;
                                        y: number;
                                    };
                                    type: "startCall" | "agentNode" | "endCall" | "globalNode";
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            workflow_uuid: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
                /** @description An error: a code in `detail`, a sentence in `message`. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            message?: string;
                        };
                    };
                };
            };
        };
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
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
