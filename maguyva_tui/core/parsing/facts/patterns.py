"""Tree-sitter query patterns that find references, imports and local bindings, per language.

Every pattern has exactly one capture, so that ``extract.py`` reads them all with one
``QueryCursor.captures`` pass (no object per match); a predicate tests that same capture's text
(``#any-of?``, ``#not-match?``: py-tree-sitter ignores ``#not-any-of?`` without a word). Capture
names are the contract:

- ``@call``: the callee expression of a call; ``@call.member`` a whole call written as a receiver
  and a method, each its own field (Java's method invocation, PHP's ``$obj->m()`` and ``A::m()``,
  Ruby's ``obj.m``: ``names.INVOCATIONS``); ``@call.super`` Ruby's ``super``, which calls the
  enclosing method's namesake in the base class; ``@call.bare`` a Ruby identifier that may be a
  method called without receiver or arguments, or a local (``extract.py`` keeps those that name
  no local of their scope); ``@call.setter`` a Ruby call assigned to (``obj.x = v`` calls ``x=``);
  ``@call.reference`` a Java method reference (``A::m`` calls ``A.m``, ``A::new`` instantiates ``A``);
- ``@new``: the type of an instantiation (``new Foo()``, ``Foo{}``, ``Foo { .. }``, C++'s ``Foo
  x(1);``, ``Foo x{1};``, and a constructor's ``: Base(x), member_(y)``, the member's type
  constructed: ``@new.member``, which ``extract.py`` reads as ``this->main_``'s type unless it is
  capitalised, a base or the class itself); ``@new.direct`` the type of a C++ ``Foo x(a);`` the grammar read as a function's
  declaration (``extract.py`` keeps those in a function body whose "parameters" are lone names);
- ``@inherit``: a base type; ``@inherit.impl`` a Rust ``impl Trait for Type`` trait, whose subtype
  is the ``impl``'s ``type`` field rather than the enclosing definition; ``@inherit.mixin`` the
  ``include``, ``extend`` or ``prepend`` of a Ruby class body, whose arguments are its bases;
  ``@inherit.prototype`` a JavaScript constructor function's base, the subtype named around it
  (``Sub.prototype = new Base()``, ``= Object.create(Base.prototype)``, ``util.inherits(Sub, Base)``);
  ``@inherit.made`` the first argument of a Ruby call assigned to a constant (``extract.py`` keeps
  ``Handler = Class.new(Base)``'s);
- ``@type``: a type written in an annotation or a declaration;
- ``@read``: a Python attribute (``conn.size``), kept by ``extract.py`` where it is read, neither
  called nor assigned to: reading a ``@property`` runs it;
- ``@value``: a Go or Rust argument written as a name (``http.HandleFunc("/", handler)``, ``s.handle``,
  ``iter.map(take)``), kept as a ``read`` by ``extract.py`` (Rust's where no pattern of the
  function binds it: ``rust_values.py``); the graph keeps those that reach a function or method,
  which the call passes as a value (``graph/link.py``);
- ``@import``: an import statement, read by ``imports.py`` (Ruby: the ``require`` or
  ``require_relative`` identifier of the call);
- ``@test``: a C++ function definition that may be a test macro's (``TEST(Suite, Name) {``), whose
  "parameter types" are names, not types (``parsing/rules/clike.py``);
- ``@stored``: a Python assignment to a subscript (``view[k] = Style()``), whose value types the
  empty dict the name was bound to (``Bindings.settle_stores``);
- ``@rebound``: a Python name bound to a call, ``@comprehension`` a comprehension: the block
  scopes of ``blocks.python_rebinds``;
- ``@generic``: the name a generic declaration gives a type parameter (``T`` in ``f<T>``): a type
  written with that name inside the declaration names the parameter, never a symbol;
- ``@local...``: the name a function or class body binds (parameter, assignment, field); the
  suffix says where its declared type or assigned value is, relative to that name (``LOCAL_READS``
  in ``bindings.py``): ``@local`` neither, ``@local.typed`` the parent's ``type`` field,
  ``@local.assigned``/``@local.valued`` the parent's ``right``/``value`` field, ``@local.self`` an
  attribute of ``self`` (``self.x = Foo()``), ``@local.field`` a field and its declared type (Go and
  Rust structs, TypeScript and C++ classes: recorded whatever the file references), ``@local.property`` a PHP property and its declared type,
  ``@local.case`` a PHP enum's case or a Java enum constant, an instance of its enum,
  ``@local.ivar`` a Ruby ``@x`` assigned in a method (``self.x``), ``@local.caught`` an exception
  a ``catch`` or ``except`` binds and the one type it catches (Java, Python), and so on; ``@local.returns`` a declared return type
  (``@local.documented``: a PHP docblock's ``@return`` where none is declared)
  and ``@local.return`` a returned value, both bound to the name ``<return>`` of the function;
  ``@local.yield`` a yielded value, the value of a pytest fixture, and ``@local.param`` a plain
  Python parameter, which pytest fills with a fixture in a test (``fixtures.py``). Python's
  ``b += data`` binds nothing: ``b`` was bound before it, and keeps the type it was given there
  (``b = ReceiveBuffer()``), where an untyped second binding had left it untyped.
"""

from __future__ import annotations

PYTHON = r"""
(call function: (_) @call)
(decorator (identifier) @call)
(decorator (attribute) @call)
(attribute) @read
(class_definition superclasses: (argument_list [(identifier) (attribute)] @inherit))
(class_definition superclasses: (argument_list (subscript value: [(identifier) (attribute)] @inherit)))
(type [(identifier) (attribute) (string)] @type)
(import_statement) @import
(import_from_statement) @import
(parameters (identifier) @local.param)
(default_parameter name: (identifier) @local.valued value: (_))
(typed_parameter (identifier) @local.typed type: (type))
(typed_default_parameter name: (identifier) @local.typed type: (type))
(assignment left: (identifier) @local.typed type: (type))
(assignment left: (identifier) @local.assigned right: (_))
(assignment left: (pattern_list (identifier) @local))
(assignment left: (pattern_list (identifier) @local.parallel) right: (expression_list))
(assignment left: (pattern_list (identifier) @local.unpacked) right: (call))
(assignment left: (tuple_pattern (identifier) @local))
(assignment left: (attribute object: (identifier) attribute: (identifier) @local.self))
(for_statement left: (identifier) @local.iterated right: (_))
(for_statement left: (pattern_list (identifier) @local.paired) right: (_))
(for_in_clause left: (identifier) @local.iterated right: (_))
(for_in_clause left: (pattern_list (identifier) @local.paired) right: (_))
(as_pattern_target (identifier) @local)
(except_clause (as_pattern [(identifier) (attribute)] alias: (as_pattern_target (identifier) @local.caught)))
(named_expression name: (identifier) @local.valued value: (_))
(as_pattern (call) alias: (as_pattern_target (identifier) @local.with))
(return_statement (_) @local.return)
(function_definition return_type: (type) @local.returns)
(function_definition !return_type body: (block . (expression_statement (string) @local.documented)))
(assignment left: (subscript value: [(identifier) (attribute)]) right: (_)) @stored
(assignment left: (identifier) right: (call)) @rebound
[(list_comprehension) (set_comprehension) (dictionary_comprehension) (generator_expression)] @comprehension
(expression_statement (yield (_) @local.yield))
"""

_JS_COMMON = r"""
(call_expression function: (_) @call)
(new_expression constructor: (_) @new)
(import_statement) @import
(export_statement source: (_)) @import
(export_statement value: (identifier)) @import
(program (export_statement value: (object)) @import)
(lexical_declaration (variable_declarator name: (identifier) value: (object)) @import)
(variable_declaration (variable_declarator name: (identifier) value: (object)) @import)
(assignment_expression left: (member_expression object: (this) property: [(property_identifier) (private_property_identifier)] @local.self) right: (_))
(assignment_expression left: (member_expression property: (property_identifier) @_prototype (#eq? @_prototype "prototype")) right: (new_expression constructor: [(identifier) (member_expression)] @inherit.prototype))
(assignment_expression left: (member_expression property: (property_identifier) @_prototype (#eq? @_prototype "prototype")) right: (call_expression function: (member_expression) @_create (#eq? @_create "Object.create") arguments: (arguments . (member_expression object: [(identifier) (member_expression)] @inherit.prototype property: (property_identifier) @_base (#eq? @_base "prototype")))))
(call_expression function: [(identifier) (member_expression)] @_inherits (#match? @_inherits "^([A-Za-z_$][A-Za-z0-9_$]*\\.)?inherits$") arguments: (arguments . [(identifier) (member_expression)] . [(identifier) (member_expression)] @inherit.prototype .))
(export_statement "default" declaration: (_)) @import
(program (export_statement !source (export_clause (export_specifier alias: (_)))) @import)
(program (expression_statement (assignment_expression left: (member_expression) right: (_)) @import))
(variable_declarator name: (_) value: (call_expression function: (identifier) arguments: (arguments (string)))) @import
(variable_declarator name: (identifier) value: (member_expression object: (call_expression function: (identifier) @_require (#eq? @_require "require") arguments: (arguments . (string) .)) property: (property_identifier))) @import
(variable_declarator name: (identifier) value: (call_expression function: (identifier) @_star (#eq? @_star "__importStar") arguments: (arguments . (call_expression function: (identifier) arguments: (arguments (string))) .))) @import
(variable_declarator name: (identifier) @local.valued value: (_))
(assignment_expression left: (identifier) @local.assigned right: (_))
(for_in_statement left: (identifier) @local)
(for_in_statement left: (identifier) @local.walked operator: "of" right: (_))
(object_pattern (shorthand_property_identifier_pattern) @local.destructured)
(object_pattern (pair_pattern key: (property_identifier) value: (identifier) @local.destructured))
(object_pattern (pair_pattern key: (property_identifier) value: (assignment_pattern left: (identifier) @local.destructured)))
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.destructured))
(catch_clause parameter: (identifier) @local)
(return_statement (_) @local.return)
(member_expression) @read
"""

_JSX = r"""
(jsx_opening_element name: [(identifier) (member_expression)] @call (#match? @call "^[A-Z]"))
(jsx_self_closing_element name: [(identifier) (member_expression)] @call (#match? @call "^[A-Z]"))
"""
"""A component rendered (``<Widget value={1} />``, ``<Panel.Header>``) is a call of it; an
intrinsic element (``<div>``, lower case) calls nothing of the repository."""

JAVASCRIPT = _JS_COMMON + _JSX + r"""
(class_heritage [(identifier) (member_expression)] @inherit)
(formal_parameters (identifier) @local)
(field_definition property: [(property_identifier) (private_property_identifier)] @local.initialized value: (_))
(assignment_pattern left: (identifier) @local)
"""

TYPESCRIPT = _JS_COMMON + r"""
(program (export_statement "=" (identifier)) @import)
(program (export_statement value: [(as_expression (object)) (satisfies_expression (object))]) @import)
(lexical_declaration (variable_declarator name: (identifier) value: [(as_expression (object)) (satisfies_expression (object))]) @import)
(extends_clause value: (_) @inherit)
(implements_clause [(type_identifier) (nested_type_identifier) (generic_type)] @inherit)
(extends_type_clause type: (_) @inherit)
(type_alias_declaration value: [(intersection_type) (union_type) (generic_type) (type_identifier) (nested_type_identifier)] @inherit.intersection)
(type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @type)
(required_parameter pattern: (identifier) @local.typed type: (type_annotation))
(required_parameter pattern: (this) @local.typed type: (type_annotation))
(optional_parameter pattern: (identifier) @local.typed type: (type_annotation))
(required_parameter pattern: (identifier) @local)
(arrow_function parameter: (identifier) @local)
(formal_parameters [(required_parameter type: (type_annotation)) (optional_parameter type: (type_annotation))] @local.position)
(variable_declarator name: (identifier) @local.typed type: (type_annotation))
(variable_declarator name: (identifier) @local.inferred !type value: (_))
(public_field_definition name: [(property_identifier) (private_property_identifier)] @local.field type: (type_annotation))
(public_field_definition name: [(property_identifier) (private_property_identifier)] @local.initialized !type value: (_))
(property_signature name: (property_identifier) @local.field type: (type_annotation))
(required_parameter (accessibility_modifier) pattern: (identifier) @local.field type: (type_annotation))
(required_parameter "readonly" pattern: (identifier) @local.field type: (type_annotation))
(optional_parameter (accessibility_modifier) pattern: (identifier) @local.field type: (type_annotation))
(optional_parameter "readonly" pattern: (identifier) @local.field type: (type_annotation))
(function_declaration return_type: (type_annotation) @local.returns)
(method_definition return_type: (type_annotation) @local.returns)
(method_signature return_type: (type_annotation) @local.returns)
(abstract_method_signature return_type: (type_annotation) @local.returns)
(type_parameter name: (type_identifier) @generic)
"""

GO = r"""
(call_expression function: (_) @call)
(call_expression arguments: (argument_list [(identifier) (selector_expression)] @value))
(return_statement (expression_list [(identifier) (selector_expression)] @value))
(assignment_statement right: (expression_list [(identifier) (selector_expression)] @value))
(short_var_declaration right: (expression_list [(identifier) (selector_expression)] @value))
(var_spec value: (expression_list [(identifier) (selector_expression)] @value))
(argument_list (index_expression operand: [(identifier) (selector_expression)] @value))
(keyed_element (literal_element) . (literal_element [(identifier) (selector_expression)] @value))
(literal_value (literal_element [(identifier) (selector_expression)] @value))
(type_conversion_expression type: (generic_type type: (_) @call))
(composite_literal type: [(type_identifier) (qualified_type)] @new)
(field_declaration !name type: [(type_identifier) (qualified_type) (generic_type)] @inherit)
(field_declaration !name type: (pointer_type [(type_identifier) (qualified_type) (generic_type)] @inherit))
(interface_type (type_elem [(type_identifier) (qualified_type)] @inherit))
(parameter_declaration type: [(type_identifier) (qualified_type)] @type)
(parameter_declaration type: (pointer_type [(type_identifier) (qualified_type)] @type))
(import_declaration) @import
(parameter_declaration name: (identifier) @local.typed type: (_))
(short_var_declaration left: (expression_list . (identifier) @local.short) right: (expression_list . (_)))
(short_var_declaration left: (expression_list (identifier) @local))
(short_var_declaration left: (expression_list (_) (identifier) @local.result) right: (expression_list . (call_expression) .))
(short_var_declaration left: (expression_list (_) (identifier) @local.parallel) right: (expression_list (_) (_)))
(var_spec name: (identifier) @local.typed type: (_))
(const_spec name: (identifier) @local.typed type: (_))
(const_spec name: (identifier) @local.repeated !type !value)
(var_spec name: (identifier) @local.spec value: (expression_list . (_)))
(type_spec name: (type_identifier) @local.alias type: [(slice_type) (map_type) (channel_type)])
(type_spec name: (type_identifier) @local.signature type: (function_type result: (_)))
(range_clause left: (expression_list (identifier) @local))
(range_clause left: (expression_list (_) . (identifier) @local.ranged) right: (_))
(range_clause left: (expression_list . (identifier) @local.keyed) right: (identifier))
(type_switch_statement alias: (expression_list (identifier) @local.switched))
(field_declaration name: (field_identifier) @local.field type: (_))
(field_declaration !name type: [(type_identifier) (qualified_type) (generic_type)] @local.embedded)
(field_declaration !name type: (pointer_type [(type_identifier) (qualified_type) (generic_type)] @local.embedded))
(function_declaration result: (_) @local.returns)
(method_declaration result: (_) @local.returns)
(method_elem result: (_) @local.returns)
(return_statement (expression_list . (_) @local.return))
(type_parameter_declaration name: (identifier) @generic)
"""

GO_PREDECLARED = ("bool", "byte", "complex64", "complex128", "error", "float32", "float64", "int", "int8", "int16",
                  "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "any")
"""Go's predeclared types: no use of a repository's type, left out of the nested type uses."""


def _go_type_uses() -> str:
    """Return the patterns of the Go types written inside another type where a declaration names
    one (``k []Item``, ``m map[string]*Item``, ``xs ...Item``, ``var w Item``, ``const c Kind =
    1``, a struct's ``A Item``, a function's ``*Item`` result, ``type Params []Param``) or a slice
    or map literal holds them (``[]Item{...}``), each a use of the type, and of a generic struct's
    literal (``Pair[int]{...}``) a construction. Only a parameter's ``Item`` and ``*Item`` had been
    a use: gin's ``Engine`` struct's ``trees methodTrees``, ``node``'s ``children []*node``, ``func
    (c *Context) Copy() *Context`` had named no type."""
    named = "[(type_identifier) (qualified_type)] @type"
    test = '(#not-match? @type "^(' + "|".join(GO_PREDECLARED) + ')$")'
    plain = [named, f"(pointer_type {named})"]
    nested = [f"({outer} {field}: {inner})" for outer, field in (("slice_type", "element"), ("map_type", "value"),
                                                                  ("array_type", "element"))
              for inner in plain]
    nested.append(f"(pointer_type (slice_type element: {named}))")
    holders = [f"(parameter_declaration type: {t} {test})" for t in nested]
    holders += [f"(variadic_parameter_declaration type: {t} {test})" for t in [*plain, nested[0]]]
    holders += [f"({holder} {t} {test})" for holder in ("var_spec type:", "const_spec type:", "field_declaration name: (_) type:",
                                                         "function_declaration result:", "method_declaration result:")
                for t in [*plain, *nested]]
    holders += [f"(type_spec type: {t} {test})" for t in nested]  # ``type Params []Param``
    holders += [f"(composite_literal type: {t} {test})" for t in nested if not t.startswith("(pointer_type")]
    holders.append("(composite_literal type: (generic_type type: [(type_identifier) (qualified_type)] @new))")
    return "\n".join(holders) + "\n"


GO += _go_type_uses()

RUST = r"""
(call_expression function: (_) @call)
(arguments [(identifier) (scoped_identifier)] @value)
(field_initializer value: [(identifier) (scoped_identifier)] @value)
(struct_expression name: (_) @new)
(impl_item trait: (_) @inherit.impl type: (_))
(trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier)] @inherit))
(parameter type: [(type_identifier) (scoped_type_identifier)] @type)
(parameter type: (reference_type type: [(type_identifier) (scoped_type_identifier)] @type))
(use_declaration) @import
(parameter pattern: (identifier) @local.typed type: (_))
(let_declaration pattern: (identifier) @local.typed type: (_))
(let_declaration pattern: (identifier) @local.valued value: (_))
(let_declaration pattern: (identifier) @local.operated value: [(binary_expression) (unary_expression)])
(let_declaration pattern: (identifier) @local)
(let_declaration pattern: (identifier) @local.deferred !value !type)
(assignment_expression left: (identifier) @local.assigned right: (_))
(closure_parameters (identifier) @local.closure)
(for_expression pattern: (identifier) @local.looped)
(field_declaration name: (field_identifier) @local.field type: (_))
(function_item return_type: (_) @local.returns)
(type_parameter . (type_identifier) @generic)
"""

JAVA = r"""
(method_invocation) @call.member
(method_reference) @call.reference
(explicit_constructor_invocation constructor: [(this) (super)] @call)
(object_creation_expression type: (_) @new)
(superclass (_) @inherit)
(super_interfaces (type_list (_) @inherit))
(extends_interfaces (type_list (_) @inherit))
(formal_parameter type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type)
(field_declaration type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type)
(constant_declaration type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type)
(import_declaration) @import
(formal_parameter type: (_) name: (identifier) @local.typed)
(local_variable_declaration type: (_) declarator: (variable_declarator name: (identifier) @local.declared value: (_)))
(local_variable_declaration type: (_) declarator: (variable_declarator name: (identifier) @local.declarator))
(field_declaration type: (_) declarator: (variable_declarator name: (identifier) @local.member))
(constant_declaration type: (_) declarator: (variable_declarator name: (identifier) @local.member))
(enhanced_for_statement type: (_) name: (identifier) @local.typed)
(resource type: (_) name: (identifier) @local.typed)
(instanceof_expression right: (_) name: (identifier) @local.tested)
(enum_body (enum_constant name: (identifier) @local.case))
(catch_formal_parameter name: (identifier) @local.caught)
(method_declaration type: (_) @local.returns)
(return_statement (_) @local.return)
(lambda_expression parameters: (identifier) @local.lambda)
(lambda_expression parameters: (inferred_parameters (identifier) @local.lambda))
(formal_parameter type: [(generic_type) (type_identifier) (scoped_type_identifier)] name: (identifier) @local.functional)
(type_parameter . (type_identifier) @generic)
"""

_C_COMMON = r"""
(call_expression function: (_) @call)
(parameter_declaration type: (type_identifier) @type)
(preproc_include) @import
(parameter_declaration type: (_) declarator: (_) @local.typed)
(declaration type: (_) declarator: (_) @local.typed)
(type_definition type: (_) declarator: (_) @local.alias)
(function_definition type: (_) @local.returns)
"""

C = _C_COMMON

CPP = _C_COMMON + r"""
(function_definition !type declarator: (function_declarator declarator: (identifier) parameters: (parameter_list))) @test
(new_expression type: (_) @new)
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @new
  declarator: (init_declarator declarator: (identifier) value: [(argument_list) (initializer_list)]))
(field_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @new
  declarator: (field_identifier) default_value: (initializer_list))
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @new.direct
  declarator: (function_declarator declarator: (identifier) parameters: (parameter_list)))
(field_initializer . [(field_identifier) (qualified_identifier) (template_method)] @new.member)
(base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @inherit)
(field_declaration type: (_) declarator: [(field_identifier) (pointer_declarator declarator: (field_identifier))
  (reference_declarator (field_identifier))] @local.field)
(field_declaration type: (_) declarator: [(function_declarator) (pointer_declarator (function_declarator))
  (reference_declarator) (array_declarator)] @local.typed)
(for_range_loop type: (_) declarator: (_) @local.typed)
(alias_declaration name: (type_identifier) @local.alias type: (type_descriptor))
(namespace_definition body: (declaration_list (using_declaration (qualified_identifier name: (identifier) @local.using))))
(using_declaration) @import
;; ``tok->cb.call_fun<1 >(x)``, ``Codec::encode<N>(x)``: a template called with its arguments written,
;; which tree-sitter reads as ``(a < 1) > (x)``
(binary_expression
  left: (binary_expression left: [(field_expression) (qualified_identifier)] @call operator: "<"
    right: [(number_literal) (identifier) (type_identifier) (primitive_type) (qualified_identifier)])
  operator: ">" right: (parenthesized_expression))
(type_parameter_declaration (type_identifier) @generic)
(optional_type_parameter_declaration name: (type_identifier) @generic)
(subscript_expression argument: (_) @call.operator)
(binary_expression left: (_) @call.operator)
(assignment_expression left: (_) @call.operator)
(cast_expression value: (_) @call.operator)
(call_expression function: (template_function name: (identifier) @cast (#eq? @cast "static_cast"))
  arguments: (argument_list . (_) @call.operator))
"""

PHP = r"""
(function_call_expression function: [(name) (qualified_name) (relative_name)] @call
  (#not-match? @call "^(isset|empty|eval|die)$"))
(member_call_expression) @call.member
(nullsafe_member_call_expression) @call.member
(scoped_call_expression) @call.member
(object_creation_expression [(name) (qualified_name) (relative_name)] @new)
(attribute [(name) (qualified_name)] @new parameters: (arguments))
(base_clause [(name) (qualified_name)] @inherit)
(class_interface_clause [(name) (qualified_name)] @inherit)
(declaration_list (use_declaration [(name) (qualified_name)] @inherit))
(named_type [(name) (qualified_name) (relative_name)] @type)
(namespace_use_declaration) @import
(require_expression) @import
(require_once_expression) @import
(include_expression) @import
(include_once_expression) @import
(assignment_expression left: (variable_name) @local.assigned right: (_))
(assignment_expression left: (list_literal (variable_name) @local.listed))
(assignment_expression left: (member_access_expression object: (variable_name) name: (name) @local.self) right: (_))
(simple_parameter type: (_) name: (variable_name) @local.typed)
(simple_parameter name: (variable_name) @local)
(variadic_parameter name: (variable_name) @local)
(property_promotion_parameter type: (_) name: (variable_name) @local.typed)
(property_promotion_parameter name: (variable_name (name) @local.property))
(property_declaration (property_element name: (variable_name (name) @local.property)))
(enum_case (name) @local.case)
(foreach_statement (_) . (variable_name) @local.each)
(foreach_statement (pair (_) (variable_name) @local.each))
(foreach_statement (pair . (variable_name) @local))
(catch_clause name: (variable_name) @local.caught)
(method_declaration return_type: (_) @local.returns)
(function_definition return_type: (_) @local.returns)
(method_declaration !return_type name: (name) @local.documented)
(function_definition !return_type name: (name) @local.documented)
(return_statement (_) @local.return)
"""

# PHP's isset(), empty(), eval() and die() are language constructs the grammar reads as calls: no
# function is called, nor could one of that name be defined

_RUBY_VALUES = ("body_statement", "block_body", "then", "else", "argument_list", "interpolation",
                "parenthesized_statements", "array")
"""Ruby nodes whose identifier children are values: a local, or a method called on ``self``."""

RUBY = "\n".join(f"({holder} (identifier) @call.bare)" for holder in _RUBY_VALUES) + r"""
(call method: [(identifier) (constant)]) @call.member
(super) @call.super
(assignment left: (call) @call.setter)
(operator_assignment left: (call) @call.setter)
(call receiver: (identifier) @call.bare)
(binary left: (identifier) @call.bare)
(binary right: (identifier) @call.bare)
(unary operand: (identifier) @call.bare)
(assignment right: (identifier) @call.bare)
(operator_assignment right: (identifier) @call.bare)
(pair value: (identifier) @call.bare)
(element_reference object: (identifier) @call.bare)
(if condition: (identifier) @call.bare)
(unless condition: (identifier) @call.bare)
(if_modifier condition: (identifier) @call.bare)
(unless_modifier condition: (identifier) @call.bare)
(optional_parameter value: (identifier) @call.bare)
(keyword_parameter value: (identifier) @call.bare)
(superclass [(constant) (scope_resolution)] @inherit)
(assignment left: (constant) right: (call receiver: (constant) method: (identifier)
  arguments: (argument_list . [(constant) (scope_resolution)] @inherit.made)))
(class body: (body_statement (call !receiver method: (identifier) @inherit.mixin arguments: (argument_list)
  (#any-of? @inherit.mixin "include" "extend" "prepend"))))
(call !receiver method: (identifier) @import arguments: (argument_list . (string))
  (#any-of? @import "require" "require_relative"))
(assignment left: (identifier) @local.assigned right: (_))
(operator_assignment left: (identifier) @local.assigned right: (_))
(assignment left: (instance_variable) @local.ivar right: (_))
(operator_assignment left: (instance_variable) @local.ivar right: (_))
(left_assignment_list (identifier) @local)
(method_parameters (identifier) @local)
(lambda_parameters (identifier) @local)
(block_parameters (identifier) @local)
(destructured_parameter (identifier) @local)
(optional_parameter name: (identifier) @local)
(keyword_parameter name: (identifier) @local)
(splat_parameter name: (identifier) @local)
(hash_splat_parameter name: (identifier) @local)
(block_parameter name: (identifier) @local)
(for pattern: (identifier) @local)
(exception_variable (identifier) @local)
(return (argument_list . (_) @local.return))
"""

PATTERNS: dict[str, str] = {
    "python": PYTHON,
    "javascript": JAVASCRIPT,
    "typescript": TYPESCRIPT,
    "tsx": TYPESCRIPT + _JSX,
    "go": GO,
    "rust": RUST,
    "java": JAVA,
    "c": C,
    "cpp": CPP,
    "php": PHP,
    "ruby": RUBY,
}
"""Query source per structural language."""
