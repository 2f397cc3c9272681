// Package protocol is memcore's versioned JSON request/response envelope and its
// dispatch: one request {"v":1,"id":…,"op":…,"args":{…}} in, one response
// {"id":…,"ok":true,"result":…} or {"id":…,"ok":false,"error":{code,message,field}} out.
//
// It knows no op: package core registers a Handler for each. Decoding is strict (unknown
// fields, wrong types and invalid UTF-8 are invalid_argument errors naming the field), and
// no request can crash the caller: a panic in a handler becomes an internal error.
package protocol
